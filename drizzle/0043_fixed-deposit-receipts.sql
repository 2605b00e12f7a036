CREATE TABLE "fdr_product" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"term_months" integer NOT NULL,
	"effective_from" date NOT NULL,
	"annual_rate_basis_points" integer NOT NULL,
	"premature_rate_basis_points" integer NOT NULL,
	"principal_poisha_min" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fdr_product_term_effective_unique" UNIQUE("term_months","effective_from"),
	CONSTRAINT "fdr_product_term" CHECK ("fdr_product"."term_months" IN (1, 3, 6, 12, 24, 36)),
	CONSTRAINT "fdr_product_rates" CHECK ("fdr_product"."premature_rate_basis_points" BETWEEN 0 AND "fdr_product"."annual_rate_basis_points" AND "fdr_product"."annual_rate_basis_points" <= 10000),
	CONSTRAINT "fdr_product_minimum_positive" CHECK ("fdr_product"."principal_poisha_min" > 0)
);
--> statement-breakpoint
CREATE TABLE "fixed_deposit" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_user_id" text NOT NULL,
	"account_id" text NOT NULL,
	"holder_name" text NOT NULL,
	"principal_poisha" bigint NOT NULL,
	"term_months" integer NOT NULL,
	"annual_rate_basis_points" integer NOT NULL,
	"premature_rate_basis_points" integer NOT NULL,
	"opening_day" date NOT NULL,
	"maturity_day" date NOT NULL,
	"instruction" text NOT NULL,
	"nominee_name" text NOT NULL,
	"nominee_id" text NOT NULL,
	"nominee_relation" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"renews_id" uuid,
	"reference" text NOT NULL,
	"closed_day" date,
	"interest_poisha" bigint,
	"tax_poisha" bigint,
	"paid_poisha" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fixed_deposit_principal_positive" CHECK ("fixed_deposit"."principal_poisha" > 0),
	CONSTRAINT "fixed_deposit_term" CHECK ("fixed_deposit"."term_months" IN (1, 3, 6, 12, 24, 36)),
	CONSTRAINT "fixed_deposit_closed" CHECK (("fixed_deposit"."status" = 'active') = ("fixed_deposit"."closed_day" IS NULL))
);
--> statement-breakpoint
ALTER TABLE "fixed_deposit" ADD CONSTRAINT "fixed_deposit_owner_user_id_user_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fixed_deposit" ADD CONSTRAINT "fixed_deposit_account_id_bank_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."bank_account"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fixed_deposit_owner_idx" ON "fixed_deposit" USING btree ("owner_user_id","created_at");--> statement-breakpoint
CREATE INDEX "fixed_deposit_due_idx" ON "fixed_deposit" USING btree ("maturity_day") WHERE "fixed_deposit"."status" = 'active';--> statement-breakpoint
-- Hand-written (record 083): the FDR terms as Padma Bank publishes them from 2026-01-01, a
-- minimum of 10,000 BDT, and a deposit broken early earning the savings rate (2.50 %) for the
-- days it was held; and the bank's ledger accounts the FDRs post to.
INSERT INTO "fdr_product" ("term_months", "effective_from", "annual_rate_basis_points", "premature_rate_basis_points", "principal_poisha_min") VALUES
  (1, '2026-01-01', 600, 250, 1000000),
  (3, '2026-01-01', 800, 250, 1000000),
  (6, '2026-01-01', 825, 250, 1000000),
  (12, '2026-01-01', 850, 250, 1000000),
  (24, '2026-01-01', 850, 250, 1000000),
  (36, '2026-01-01', 875, 250, 1000000)
ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "ledger_account" ("code", "kind") VALUES
  ('bank:fdr-deposits', 'bank'),
  ('bank:interest-expense', 'bank'),
  ('bank:source-tax-payable', 'bank')
ON CONFLICT ("code") DO NOTHING;
