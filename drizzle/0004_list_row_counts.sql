CREATE TABLE "list_row_count" (
	"list" text NOT NULL,
	"status" text NOT NULL,
	"row_count" bigint NOT NULL,
	CONSTRAINT "list_row_count_list_status_pk" PRIMARY KEY("list","status")
);
--> statement-breakpoint
CREATE INDEX "user_created_idx" ON "user" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "user_banned_created_idx" ON "user" USING btree ("banned","created_at","id");--> statement-breakpoint
-- Keeps list_row_count equal to the rows of each staff list, per status, in the transaction that
-- changes them. Statement-level triggers with transition tables add one figure per status and
-- statement, so a bulk insert of a million rows costs one counter update, not a million. The
-- argument names the status column; without one, the list counts under the empty status.
-- Counter rows are written in status order so two statements never lock them in opposite orders.
CREATE FUNCTION count_list_rows() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  status_column text := CASE WHEN TG_NARGS > 0 THEN TG_ARGV[0] END;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM list_row_count WHERE list = TG_TABLE_NAME;
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO list_row_count (list, status, row_count)
      SELECT TG_TABLE_NAME, coalesce(to_jsonb(r) ->> status_column, ''), count(*) FROM new_rows r GROUP BY 2 ORDER BY 2
      ON CONFLICT (list, status) DO UPDATE SET row_count = list_row_count.row_count + excluded.row_count;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO list_row_count (list, status, row_count)
      SELECT TG_TABLE_NAME, coalesce(to_jsonb(r) ->> status_column, ''), -count(*) FROM old_rows r GROUP BY 2 ORDER BY 2
      ON CONFLICT (list, status) DO UPDATE SET row_count = list_row_count.row_count + excluded.row_count;
  ELSE
    INSERT INTO list_row_count (list, status, row_count)
      SELECT TG_TABLE_NAME, change.status, sum(change.delta) FROM (
        SELECT coalesce(to_jsonb(r) ->> status_column, '') AS status, 1 AS delta FROM new_rows r
        UNION ALL
        SELECT coalesce(to_jsonb(r) ->> status_column, ''), -1 FROM old_rows r) AS change
      GROUP BY change.status HAVING sum(change.delta) <> 0 ORDER BY change.status
      ON CONFLICT (list, status) DO UPDATE SET row_count = list_row_count.row_count + excluded.row_count;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER bank_account_count_insert AFTER INSERT ON "bank_account" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_list_rows('status');--> statement-breakpoint
CREATE TRIGGER bank_account_count_update AFTER UPDATE ON "bank_account" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_list_rows('status');--> statement-breakpoint
CREATE TRIGGER bank_account_count_delete AFTER DELETE ON "bank_account" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION count_list_rows('status');--> statement-breakpoint
CREATE TRIGGER bank_account_count_truncate AFTER TRUNCATE ON "bank_account" FOR EACH STATEMENT EXECUTE FUNCTION count_list_rows();--> statement-breakpoint
CREATE TRIGGER card_count_insert AFTER INSERT ON "card" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_list_rows('status');--> statement-breakpoint
CREATE TRIGGER card_count_update AFTER UPDATE ON "card" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_list_rows('status');--> statement-breakpoint
CREATE TRIGGER card_count_delete AFTER DELETE ON "card" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION count_list_rows('status');--> statement-breakpoint
CREATE TRIGGER card_count_truncate AFTER TRUNCATE ON "card" FOR EACH STATEMENT EXECUTE FUNCTION count_list_rows();--> statement-breakpoint
CREATE TRIGGER loan_count_insert AFTER INSERT ON "loan" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_list_rows('status');--> statement-breakpoint
CREATE TRIGGER loan_count_update AFTER UPDATE ON "loan" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_list_rows('status');--> statement-breakpoint
CREATE TRIGGER loan_count_delete AFTER DELETE ON "loan" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION count_list_rows('status');--> statement-breakpoint
CREATE TRIGGER loan_count_truncate AFTER TRUNCATE ON "loan" FOR EACH STATEMENT EXECUTE FUNCTION count_list_rows();--> statement-breakpoint
CREATE TRIGGER deposit_request_count_insert AFTER INSERT ON "deposit_request" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_list_rows('status');--> statement-breakpoint
CREATE TRIGGER deposit_request_count_update AFTER UPDATE ON "deposit_request" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_list_rows('status');--> statement-breakpoint
CREATE TRIGGER deposit_request_count_delete AFTER DELETE ON "deposit_request" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION count_list_rows('status');--> statement-breakpoint
CREATE TRIGGER deposit_request_count_truncate AFTER TRUNCATE ON "deposit_request" FOR EACH STATEMENT EXECUTE FUNCTION count_list_rows();--> statement-breakpoint
CREATE TRIGGER user_count_insert AFTER INSERT ON "user" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_list_rows('banned');--> statement-breakpoint
CREATE TRIGGER user_count_update AFTER UPDATE ON "user" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_list_rows('banned');--> statement-breakpoint
CREATE TRIGGER user_count_delete AFTER DELETE ON "user" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION count_list_rows('banned');--> statement-breakpoint
CREATE TRIGGER user_count_truncate AFTER TRUNCATE ON "user" FOR EACH STATEMENT EXECUTE FUNCTION count_list_rows();--> statement-breakpoint
CREATE TRIGGER contact_message_count_insert AFTER INSERT ON "contact_message" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_list_rows();--> statement-breakpoint
CREATE TRIGGER contact_message_count_delete AFTER DELETE ON "contact_message" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION count_list_rows();--> statement-breakpoint
CREATE TRIGGER contact_message_count_truncate AFTER TRUNCATE ON "contact_message" FOR EACH STATEMENT EXECUTE FUNCTION count_list_rows();--> statement-breakpoint
-- The rows already there, counted after the triggers exist: creating a trigger locks its table
-- against writes until this migration commits, so no row is counted twice or missed.
INSERT INTO list_row_count (list, status, row_count)
  SELECT 'bank_account', status, count(*) FROM bank_account GROUP BY status
  UNION ALL SELECT 'card', status, count(*) FROM card GROUP BY status
  UNION ALL SELECT 'loan', status, count(*) FROM loan GROUP BY status
  UNION ALL SELECT 'deposit_request', status, count(*) FROM deposit_request GROUP BY status
  UNION ALL SELECT 'user', banned::text, count(*) FROM "user" GROUP BY banned
  UNION ALL SELECT 'contact_message', '', count(*) FROM contact_message HAVING count(*) > 0;
