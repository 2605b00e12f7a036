ALTER TABLE "loan" ALTER COLUMN "evidence" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "loan" ALTER COLUMN "passport_url" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "loan" ADD COLUMN "document_url" text;--> statement-breakpoint
ALTER TABLE "loan" ADD COLUMN "document_kind" text;--> statement-breakpoint
ALTER TABLE "catalogue_entry" ADD COLUMN "monthly_income_min_poisha" bigint;--> statement-breakpoint
ALTER TABLE "catalogue_entry" ADD CONSTRAINT "catalogue_entry_income_floor_not_negative" CHECK ("catalogue_entry"."monthly_income_min_poisha" IS NULL OR "catalogue_entry"."monthly_income_min_poisha" >= 0);--> statement-breakpoint
-- Loan types seeded before the floor was theirs keep the income the product asked of every loan
-- (50,000 BDT, `loanMonthlyIncomeMinDefaultBdt`) until staff set another.
UPDATE "catalogue_entry" SET "monthly_income_min_poisha" = 5000000 WHERE "kind" = 'loan' AND "monthly_income_min_poisha" IS NULL;
