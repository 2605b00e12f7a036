ALTER TABLE "account_year_high" DROP CONSTRAINT "account_year_high_bank_account_id_bank_account_id_fk";
--> statement-breakpoint
ALTER TABLE "interest_accrual" DROP CONSTRAINT "interest_accrual_bank_account_id_bank_account_id_fk";
--> statement-breakpoint
ALTER TABLE "interest_accrual" DROP CONSTRAINT "interest_accrual_terms_id_interest_terms_id_fk";
--> statement-breakpoint
ALTER TABLE "interest_posting" DROP CONSTRAINT "interest_posting_bank_account_id_bank_account_id_fk";
