DROP INDEX "saved_receiver_owner_account_idx";--> statement-breakpoint
ALTER TABLE "saved_receiver" ALTER COLUMN "account_type" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "saved_receiver" ADD COLUMN "participant_code" text;--> statement-breakpoint
ALTER TABLE "saved_receiver" ADD CONSTRAINT "saved_receiver_owner_participant_account_key" UNIQUE NULLS NOT DISTINCT("owner_user_id","participant_code","account_number");--> statement-breakpoint
ALTER TABLE "saved_receiver" ADD CONSTRAINT "saved_receiver_type_at_this_bank" CHECK (("saved_receiver"."participant_code" IS NULL) = ("saved_receiver"."account_type" IS NOT NULL));