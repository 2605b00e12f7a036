DROP INDEX "bank_account_status_idx";--> statement-breakpoint
CREATE INDEX "bank_account_requested_idx" ON "bank_account" USING btree ("requested_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "bank_account_status_requested_idx" ON "bank_account" USING btree ("status","requested_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "card_requested_idx" ON "card" USING btree ("requested_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "card_status_requested_idx" ON "card" USING btree ("status","requested_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "deposit_request_requested_idx" ON "deposit_request" USING btree ("requested_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "deposit_request_status_requested_idx" ON "deposit_request" USING btree ("status","requested_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "loan_requested_idx" ON "loan" USING btree ("requested_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "loan_status_requested_idx" ON "loan" USING btree ("status","requested_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "audit_event_subject_idx" ON "audit_event" USING btree ("subject_type","subject_id");--> statement-breakpoint
CREATE INDEX "audit_event_account_idx" ON "audit_event" USING btree (("detail" ->> 'accountId'));--> statement-breakpoint
CREATE INDEX "contact_message_created_idx" ON "contact_message" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "contact_message_due_idx" ON "contact_message" USING btree ("next_attempt_at","id") WHERE "contact_message"."sent_at" IS NULL;