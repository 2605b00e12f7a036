CREATE TABLE "account_year_high" (
	"bank_account_id" text NOT NULL,
	"year" integer NOT NULL,
	"highest_balance_poisha" bigint NOT NULL,
	CONSTRAINT "account_year_high_bank_account_id_year_pk" PRIMARY KEY("bank_account_id","year")
);
--> statement-breakpoint
CREATE TABLE "business_date" (
	"only" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"business_date" date NOT NULL,
	"moved_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "business_date_one_row" CHECK ("business_date"."only")
);
--> statement-breakpoint
CREATE TABLE "day_close_step_done" (
	"business_date" date NOT NULL,
	"step" text NOT NULL,
	"rows" integer NOT NULL,
	"finished_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "day_close_step_done_business_date_step_pk" PRIMARY KEY("business_date","step")
);
--> statement-breakpoint
CREATE TABLE "interest_accrual" (
	"bank_account_id" text NOT NULL,
	"business_date" date NOT NULL,
	"terms_id" uuid NOT NULL,
	"closing_balance_poisha" bigint NOT NULL,
	"annual_rate_basis_points" integer NOT NULL,
	"accrued_units" bigint NOT NULL,
	CONSTRAINT "interest_accrual_bank_account_id_business_date_pk" PRIMARY KEY("bank_account_id","business_date")
);
--> statement-breakpoint
CREATE TABLE "interest_posting" (
	"bank_account_id" text NOT NULL,
	"business_date" date NOT NULL,
	"accrued_units" bigint NOT NULL,
	"carried_in_units" bigint NOT NULL,
	"posted_poisha" bigint NOT NULL,
	"carried_out_units" bigint NOT NULL,
	"tax_percent" integer NOT NULL,
	"tax_poisha" bigint NOT NULL,
	"journal_entry_id" uuid,
	CONSTRAINT "interest_posting_bank_account_id_business_date_pk" PRIMARY KEY("bank_account_id","business_date")
);
--> statement-breakpoint
ALTER TABLE "account_year_high" ADD CONSTRAINT "account_year_high_bank_account_id_bank_account_id_fk" FOREIGN KEY ("bank_account_id") REFERENCES "public"."bank_account"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interest_accrual" ADD CONSTRAINT "interest_accrual_bank_account_id_bank_account_id_fk" FOREIGN KEY ("bank_account_id") REFERENCES "public"."bank_account"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interest_accrual" ADD CONSTRAINT "interest_accrual_terms_id_interest_terms_id_fk" FOREIGN KEY ("terms_id") REFERENCES "public"."interest_terms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interest_posting" ADD CONSTRAINT "interest_posting_bank_account_id_bank_account_id_fk" FOREIGN KEY ("bank_account_id") REFERENCES "public"."bank_account"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "day_close_step_done_finished_idx" ON "day_close_step_done" USING btree ("finished_at");--> statement-breakpoint
CREATE INDEX "interest_accrual_date_idx" ON "interest_accrual" USING btree ("business_date");--> statement-breakpoint
CREATE INDEX "interest_posting_date_idx" ON "interest_posting" USING btree ("business_date");--> statement-breakpoint
-- Seeded business date (hand-written): the Dhaka calendar date the migration runs on; its close
-- runs after the next Dhaka midnight.
INSERT INTO "business_date" ("only", "business_date") VALUES (true, (now() AT TIME ZONE 'Asia/Dhaka')::date);--> statement-breakpoint
-- The bank's accounts the interest posting moves money through (hand-written).
INSERT INTO "ledger_account" ("code", "kind") VALUES ('bank:interest-expense', 'bank'), ('bank:source-tax-payable', 'bank'), ('bank:excise-duty-payable', 'bank');
