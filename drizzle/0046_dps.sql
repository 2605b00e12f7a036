CREATE TABLE "dps_instalment" (
	"scheme_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"due_day" date NOT NULL,
	"status" text DEFAULT 'due' NOT NULL,
	"paid_day" date,
	"reference" text,
	CONSTRAINT "dps_instalment_scheme_id_number_pk" PRIMARY KEY("scheme_id","number"),
	CONSTRAINT "dps_instalment_paid" CHECK (("dps_instalment"."status" = 'paid') = ("dps_instalment"."paid_day" IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE "dps_product" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"term_years" integer NOT NULL,
	"effective_from" date NOT NULL,
	"annual_rate_basis_points" integer NOT NULL,
	"early_rate_basis_points" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dps_product_term_effective_unique" UNIQUE("term_years","effective_from"),
	CONSTRAINT "dps_product_term" CHECK ("dps_product"."term_years" IN (1, 2, 3, 5, 7, 10)),
	CONSTRAINT "dps_product_rates" CHECK ("dps_product"."early_rate_basis_points" BETWEEN 0 AND "dps_product"."annual_rate_basis_points" AND "dps_product"."annual_rate_basis_points" <= 10000)
);
--> statement-breakpoint
CREATE TABLE "dps_scheme" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_user_id" text NOT NULL,
	"account_id" text NOT NULL,
	"holder_name" text NOT NULL,
	"instalment_poisha" bigint NOT NULL,
	"term_years" integer NOT NULL,
	"day_of_month" integer NOT NULL,
	"annual_rate_basis_points" integer NOT NULL,
	"early_rate_basis_points" integer NOT NULL,
	"opening_day" date NOT NULL,
	"first_month" text NOT NULL,
	"maturity_day" date NOT NULL,
	"nominee_name" text NOT NULL,
	"nominee_id" text NOT NULL,
	"nominee_relation" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"missed_count" integer DEFAULT 0 NOT NULL,
	"reference" text NOT NULL,
	"closed_day" date,
	"interest_poisha" bigint,
	"tax_poisha" bigint,
	"paid_poisha" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dps_scheme_instalment" CHECK ("dps_scheme"."instalment_poisha" BETWEEN 50000 AND 2500000 AND "dps_scheme"."instalment_poisha" % 50000 = 0),
	CONSTRAINT "dps_scheme_term" CHECK ("dps_scheme"."term_years" IN (1, 2, 3, 5, 7, 10)),
	CONSTRAINT "dps_scheme_day" CHECK ("dps_scheme"."day_of_month" BETWEEN 1 AND 28),
	CONSTRAINT "dps_scheme_closed" CHECK (("dps_scheme"."status" IN ('active', 'defaulted')) = ("dps_scheme"."closed_day" IS NULL))
);
--> statement-breakpoint
ALTER TABLE "dps_instalment" ADD CONSTRAINT "dps_instalment_scheme_id_dps_scheme_id_fk" FOREIGN KEY ("scheme_id") REFERENCES "public"."dps_scheme"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dps_scheme" ADD CONSTRAINT "dps_scheme_owner_user_id_user_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dps_scheme" ADD CONSTRAINT "dps_scheme_account_id_bank_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."bank_account"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dps_instalment_due_idx" ON "dps_instalment" USING btree ("due_day") WHERE "dps_instalment"."status" = 'due';--> statement-breakpoint
CREATE INDEX "dps_scheme_owner_idx" ON "dps_scheme" USING btree ("owner_user_id","created_at");--> statement-breakpoint
CREATE INDEX "dps_scheme_due_idx" ON "dps_scheme" USING btree ("maturity_day") WHERE "dps_scheme"."status" IN ('active', 'defaulted');--> statement-breakpoint
-- Hand-written (record 084): the DPS terms from 2026-01-01, a scheme closed early or defaulted
-- earning 3.00 % on its instalments; and the bank's ledger account the instalments are held in.
INSERT INTO "dps_product" ("term_years", "effective_from", "annual_rate_basis_points", "early_rate_basis_points") VALUES
  (1, '2026-01-01', 700, 300),
  (2, '2026-01-01', 750, 300),
  (3, '2026-01-01', 800, 300),
  (5, '2026-01-01', 850, 300),
  (7, '2026-01-01', 850, 300),
  (10, '2026-01-01', 900, 300)
ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "ledger_account" ("code", "kind") VALUES
  ('bank:dps-deposits', 'bank'),
  ('bank:interest-expense', 'bank'),
  ('bank:source-tax-payable', 'bank')
ON CONFLICT ("code") DO NOTHING;
