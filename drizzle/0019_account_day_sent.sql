CREATE TABLE "account_day_sent" (
	"account_id" text PRIMARY KEY NOT NULL,
	"day" date NOT NULL,
	"sent_poisha" bigint NOT NULL,
	CONSTRAINT "account_day_sent_not_negative" CHECK ("account_day_sent"."sent_poisha" >= 0)
);
--> statement-breakpoint
ALTER TABLE "account_day_sent" ADD CONSTRAINT "account_day_sent_account_id_bank_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."bank_account"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Today's customer transfers already in the journal, so that the daily limit holds across the
-- upgrade. Bangladesh keeps UTC+6 all year: the Dhaka day is the UTC clock moved six hours.
INSERT INTO "account_day_sent" ("account_id", "day", "sent_poisha")
SELECT p."ledger_account_code", (now() AT TIME ZONE 'UTC' + interval '6 hours')::date, sum(-p."amount_poisha")
FROM "posting" p JOIN "journal_entry" e ON e."id" = p."journal_entry_id"
WHERE p."amount_poisha" < 0 AND e."kind" = 'transfer'
  AND e."created_at" >= ((now() AT TIME ZONE 'UTC' + interval '6 hours')::date - interval '6 hours') AT TIME ZONE 'UTC'
GROUP BY p."ledger_account_code";
