DROP INDEX "email_notice_due_idx";--> statement-breakpoint
ALTER TABLE "email_notice" ADD COLUMN "queue" text DEFAULT 'bulk' NOT NULL;--> statement-breakpoint
ALTER TABLE "email_notice" ADD COLUMN "group_key" text;--> statement-breakpoint
ALTER TABLE "notification" ADD COLUMN "group_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "email_notice_open_group_idx" ON "email_notice" USING btree ("user_id","group_key") WHERE "email_notice"."group_key" IS NOT NULL AND "email_notice"."sent_at" IS NULL AND "email_notice"."send_attempts" = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "notification_group_idx" ON "notification" USING btree ("user_id","group_key") WHERE "notification"."group_key" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "email_notice_due_idx" ON "email_notice" USING btree ("queue","next_attempt_at","id") WHERE "email_notice"."sent_at" IS NULL;