ALTER TABLE "sms_code" DROP CONSTRAINT "sms_code_purpose_known";--> statement-breakpoint
ALTER TABLE "sms_code" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "sms_code_sign_up_number_idx" ON "sms_code" USING btree ("phone_number") WHERE "sms_code"."purpose" = 'sign-up';--> statement-breakpoint
ALTER TABLE "sms_code" ADD CONSTRAINT "sms_code_user_unless_sign_up" CHECK (("sms_code"."user_id" IS NULL) = ("sms_code"."purpose" = 'sign-up'));--> statement-breakpoint
ALTER TABLE "sms_code" ADD CONSTRAINT "sms_code_purpose_known" CHECK ("sms_code"."purpose" IN ('verify-phone', 'step-up', 'sign-up'));