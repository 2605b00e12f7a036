CREATE TABLE "excise_duty_charge" (
	"bank_account_id" text NOT NULL,
	"year" integer NOT NULL,
	"business_date" date NOT NULL,
	"table_id" uuid NOT NULL,
	"highest_balance_poisha" bigint NOT NULL,
	"duty_poisha" bigint NOT NULL,
	"charged_poisha" bigint NOT NULL,
	"due_poisha" bigint NOT NULL,
	"journal_entry_id" uuid,
	CONSTRAINT "excise_duty_charge_bank_account_id_year_pk" PRIMARY KEY("bank_account_id","year"),
	CONSTRAINT "excise_duty_charge_parts" CHECK ("excise_duty_charge"."charged_poisha" >= 0 AND "excise_duty_charge"."due_poisha" >= 0 AND "excise_duty_charge"."charged_poisha" + "excise_duty_charge"."due_poisha" = "excise_duty_charge"."duty_poisha"),
	CONSTRAINT "excise_duty_charge_entry" CHECK (("excise_duty_charge"."charged_poisha" > 0) = ("excise_duty_charge"."journal_entry_id" IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE "excise_duty_slab" (
	"table_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"highest_balance_poisha_max" bigint,
	"duty_poisha" bigint NOT NULL,
	CONSTRAINT "excise_duty_slab_table_id_position_pk" PRIMARY KEY("table_id","position"),
	CONSTRAINT "excise_duty_slab_duty_not_negative" CHECK ("excise_duty_slab"."duty_poisha" >= 0),
	CONSTRAINT "excise_duty_slab_bound_positive" CHECK ("excise_duty_slab"."highest_balance_poisha_max" IS NULL OR "excise_duty_slab"."highest_balance_poisha_max" > 0)
);
--> statement-breakpoint
CREATE TABLE "excise_duty_table" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"effective_from" date NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reason" text NOT NULL,
	"proposed_by_user_id" text,
	"proposed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_by_user_id" text,
	"decided_at" timestamp with time zone,
	CONSTRAINT "excise_duty_table_maker_is_not_checker" CHECK ("excise_duty_table"."proposed_by_user_id" IS DISTINCT FROM "excise_duty_table"."decided_by_user_id" OR "excise_duty_table"."proposed_by_user_id" IS NULL)
);
--> statement-breakpoint
ALTER TABLE "excise_duty_charge" ADD CONSTRAINT "excise_duty_charge_bank_account_id_bank_account_id_fk" FOREIGN KEY ("bank_account_id") REFERENCES "public"."bank_account"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "excise_duty_charge" ADD CONSTRAINT "excise_duty_charge_table_id_excise_duty_table_id_fk" FOREIGN KEY ("table_id") REFERENCES "public"."excise_duty_table"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "excise_duty_slab" ADD CONSTRAINT "excise_duty_slab_table_id_excise_duty_table_id_fk" FOREIGN KEY ("table_id") REFERENCES "public"."excise_duty_table"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "excise_duty_table" ADD CONSTRAINT "excise_duty_table_proposed_by_user_id_user_id_fk" FOREIGN KEY ("proposed_by_user_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "excise_duty_table" ADD CONSTRAINT "excise_duty_table_decided_by_user_id_user_id_fk" FOREIGN KEY ("decided_by_user_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "excise_duty_charge_date_idx" ON "excise_duty_charge" USING btree ("business_date");--> statement-breakpoint
CREATE UNIQUE INDEX "excise_duty_table_approved_effective_unique" ON "excise_duty_table" USING btree ("effective_from") WHERE "excise_duty_table"."status" = 'approved';--> statement-breakpoint
CREATE INDEX "excise_duty_table_status_proposed_idx" ON "excise_duty_table" USING btree ("status","proposed_at" DESC NULLS LAST,"id");--> statement-breakpoint
-- Seeded tables (hand-written, record 085): the slabs of `bangladeshExciseTables` in
-- src/shared/interest/excise-duty.ts, which a test compares with these rows. From 1 July 2024
-- (SRO 136-Law/2024/242-Excise) and from 1 July 2025 (the Finance Act 2025-26: nothing up to
-- 3 lakh, 150 BDT to 5 lakh, 500 to 10 lakh, 3,000 to 50 lakh, 5,000 to 1 crore, 10,000 to
-- 2 crore, 20,000 to 5 crore, 50,000 above). Bounds are inclusive, in poisha.
INSERT INTO "excise_duty_table" ("id", "effective_from", "status", "reason") VALUES
  ('e0c15e00-0000-4000-8000-000000002024', '2024-07-01', 'approved', 'SRO 136-Law/2024/242-Excise'),
  ('e0c15e00-0000-4000-8000-000000002025', '2025-07-01', 'approved', 'Finance Act 2025-26');--> statement-breakpoint
INSERT INTO "excise_duty_slab" ("table_id", "position", "highest_balance_poisha_max", "duty_poisha") VALUES
  ('e0c15e00-0000-4000-8000-000000002024', 1, 10000000, 0),
  ('e0c15e00-0000-4000-8000-000000002024', 2, 50000000, 15000),
  ('e0c15e00-0000-4000-8000-000000002024', 3, 100000000, 50000),
  ('e0c15e00-0000-4000-8000-000000002024', 4, 500000000, 300000),
  ('e0c15e00-0000-4000-8000-000000002024', 5, 1000000000, 500000),
  ('e0c15e00-0000-4000-8000-000000002024', 6, 2000000000, 1000000),
  ('e0c15e00-0000-4000-8000-000000002024', 7, 5000000000, 2000000),
  ('e0c15e00-0000-4000-8000-000000002024', 8, NULL, 5000000),
  ('e0c15e00-0000-4000-8000-000000002025', 1, 30000000, 0),
  ('e0c15e00-0000-4000-8000-000000002025', 2, 50000000, 15000),
  ('e0c15e00-0000-4000-8000-000000002025', 3, 100000000, 50000),
  ('e0c15e00-0000-4000-8000-000000002025', 4, 500000000, 300000),
  ('e0c15e00-0000-4000-8000-000000002025', 5, 1000000000, 500000),
  ('e0c15e00-0000-4000-8000-000000002025', 6, 2000000000, 1000000),
  ('e0c15e00-0000-4000-8000-000000002025', 7, 5000000000, 2000000),
  ('e0c15e00-0000-4000-8000-000000002025', 8, NULL, 5000000);--> statement-breakpoint
INSERT INTO "ledger_account" ("code", "kind") VALUES ('bank:excise-duty-payable', 'bank') ON CONFLICT ("code") DO NOTHING;
