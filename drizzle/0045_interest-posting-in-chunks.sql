DROP INDEX "interest_posting_date_idx";--> statement-breakpoint
CREATE INDEX "interest_posting_date_idx" ON "interest_posting" USING btree ("business_date","bank_account_id");