ALTER TABLE "email_notice" ALTER COLUMN "subject" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "email_notice" ALTER COLUMN "body" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "email_notice" ADD COLUMN "facts" jsonb;--> statement-breakpoint
ALTER TABLE "email_notice" ADD CONSTRAINT "email_notice_has_text" CHECK (("email_notice"."subject" IS NOT NULL AND "email_notice"."body" IS NOT NULL) OR "email_notice"."facts" IS NOT NULL);