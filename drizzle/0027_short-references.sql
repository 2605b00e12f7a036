-- The short reference of a movement (src/shared/reference.ts), made by the database for rows
-- written by SQL alone: the rows that exist when this runs (each column's default fills them) and
-- the benchmarks' bulk seeds. The server makes its own with the same rule. A credited deposit
-- request then takes the reference of its journal entry, so receipt and statement agree.
CREATE FUNCTION short_reference() RETURNS text LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  alphabet constant text := '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
  -- The bytes of a version-4 UUID (a strong random source) that carry no version or variant bits.
  random_positions constant int[] := ARRAY[0, 1, 2, 3, 4, 5, 10, 11, 12, 13, 14];
  random_bytes bytea := uuid_send(gen_random_uuid());
  body text := '';
  total int := 0;
  digit int;
BEGIN
  -- The check character c makes the sum of every character times its power of two zero in GF(32).
  FOR i IN 1..11 LOOP
    digit := get_byte(random_bytes, random_positions[i]) & 31;
    body := body || substr(alphabet, digit + 1, 1);
    total := total << 1;
    IF total & 32 <> 0 THEN total := total # 37; END IF;
    total := total # digit;
  END LOOP;
  total := total << 1;
  IF total & 32 <> 0 THEN total := total # 37; END IF;
  RETURN body || substr(alphabet, total + 1, 1);
END $$;--> statement-breakpoint
ALTER TABLE "deposit_request" ADD COLUMN "reference" text DEFAULT short_reference() NOT NULL;--> statement-breakpoint
ALTER TABLE "journal_entry" ADD COLUMN "reference" text DEFAULT short_reference() NOT NULL;--> statement-breakpoint
UPDATE "deposit_request" AS d SET "reference" = j."reference" FROM "journal_entry" AS j WHERE j."id" = d."journal_entry_id";--> statement-breakpoint
CREATE INDEX "bank_account_last_four_idx" ON "bank_account" USING btree (right("id", 4));--> statement-breakpoint
CREATE INDEX "bank_account_phone_idx" ON "bank_account" USING btree ("phone");--> statement-breakpoint
CREATE INDEX "bank_account_nid_idx" ON "bank_account" USING btree ("nid");--> statement-breakpoint
CREATE UNIQUE INDEX "deposit_request_reference_idx" ON "deposit_request" USING btree ("reference");--> statement-breakpoint
CREATE UNIQUE INDEX "journal_entry_short_reference_idx" ON "journal_entry" USING btree ("reference");--> statement-breakpoint
ALTER TABLE "deposit_request" ADD CONSTRAINT "deposit_request_reference_format" CHECK ("deposit_request"."reference" ~ '^[0-9A-HJKMNP-TV-Z]{12}$');--> statement-breakpoint
ALTER TABLE "journal_entry" ADD CONSTRAINT "journal_entry_short_reference_format" CHECK ("journal_entry"."reference" ~ '^[0-9A-HJKMNP-TV-Z]{12}$');