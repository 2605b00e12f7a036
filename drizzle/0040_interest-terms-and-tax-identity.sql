CREATE TABLE "customer_tax_identity" (
	"user_id" text PRIMARY KEY NOT NULL,
	"tin" text NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_tax_identity_tin_format" CHECK ("customer_tax_identity"."tin" ~ '^[0-9]{12}$')
);
--> statement-breakpoint
CREATE TABLE "interest_terms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_type" text NOT NULL,
	"effective_from" date NOT NULL,
	"posting" text NOT NULL,
	"balance_to_earn_poisha_min" bigint DEFAULT 0 NOT NULL,
	"proposed_by_user_id" text,
	"approved_by_user_id" text,
	"approved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "interest_terms_type_effective_unique" UNIQUE("account_type","effective_from"),
	CONSTRAINT "interest_terms_balance_to_earn_not_negative" CHECK ("interest_terms"."balance_to_earn_poisha_min" >= 0),
	CONSTRAINT "interest_terms_maker_is_not_checker" CHECK ("interest_terms"."proposed_by_user_id" IS DISTINCT FROM "interest_terms"."approved_by_user_id" OR "interest_terms"."proposed_by_user_id" IS NULL)
);
--> statement-breakpoint
CREATE TABLE "interest_terms_tier" (
	"terms_id" uuid NOT NULL,
	"balance_poisha_min" bigint NOT NULL,
	"annual_rate_basis_points" integer NOT NULL,
	CONSTRAINT "interest_terms_tier_terms_id_balance_poisha_min_pk" PRIMARY KEY("terms_id","balance_poisha_min"),
	CONSTRAINT "interest_terms_tier_balance_not_negative" CHECK ("interest_terms_tier"."balance_poisha_min" >= 0),
	CONSTRAINT "interest_terms_tier_rate_range" CHECK ("interest_terms_tier"."annual_rate_basis_points" BETWEEN 0 AND 10000)
);
--> statement-breakpoint
ALTER TABLE "customer_tax_identity" ADD CONSTRAINT "customer_tax_identity_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interest_terms" ADD CONSTRAINT "interest_terms_proposed_by_user_id_user_id_fk" FOREIGN KEY ("proposed_by_user_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interest_terms" ADD CONSTRAINT "interest_terms_approved_by_user_id_user_id_fk" FOREIGN KEY ("approved_by_user_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interest_terms_tier" ADD CONSTRAINT "interest_terms_tier_terms_id_interest_terms_id_fk" FOREIGN KEY ("terms_id") REFERENCES "public"."interest_terms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "interest_terms_tier_terms_idx" ON "interest_terms_tier" USING btree ("terms_id");--> statement-breakpoint
-- Seeded terms (hand-written): the rates the bank opens with, in force from 1 January 2026,
-- half-yearly posting as Bangladeshi banks post on savings. Savings earn on the whole balance by
-- tier from 1,000 BDT; a student account from 500 BDT; a current account earns nothing.
INSERT INTO "interest_terms" ("id", "account_type", "effective_from", "posting", "balance_to_earn_poisha_min") VALUES
  ('a6c1f0de-0000-4000-8000-000000000001', 'savings', '2026-01-01', 'half-yearly', 100000),
  ('a6c1f0de-0000-4000-8000-000000000002', 'student', '2026-01-01', 'half-yearly', 50000),
  ('a6c1f0de-0000-4000-8000-000000000003', 'current', '2026-01-01', 'half-yearly', 0);--> statement-breakpoint
INSERT INTO "interest_terms_tier" ("terms_id", "balance_poisha_min", "annual_rate_basis_points") VALUES
  ('a6c1f0de-0000-4000-8000-000000000001', 0, 250),
  ('a6c1f0de-0000-4000-8000-000000000001', 100000000, 300),
  ('a6c1f0de-0000-4000-8000-000000000001', 1000000000, 350),
  ('a6c1f0de-0000-4000-8000-000000000002', 0, 300),
  ('a6c1f0de-0000-4000-8000-000000000003', 0, 0);
