ALTER TABLE "bank_account" ADD COLUMN "declined_reason" text;--> statement-breakpoint
ALTER TABLE "bank_account" ADD COLUMN "declined_note" text;--> statement-breakpoint
ALTER TABLE "bank_account" ADD COLUMN "declined_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "card" ADD COLUMN "declined_reason" text;--> statement-breakpoint
ALTER TABLE "card" ADD COLUMN "declined_note" text;--> statement-breakpoint
ALTER TABLE "card" ADD COLUMN "declined_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "deposit_request" ADD COLUMN "declined_reason" text;--> statement-breakpoint
ALTER TABLE "deposit_request" ADD COLUMN "declined_note" text;--> statement-breakpoint
ALTER TABLE "deposit_request" ADD COLUMN "declined_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "loan" ADD COLUMN "declined_reason" text;--> statement-breakpoint
ALTER TABLE "loan" ADD COLUMN "declined_note" text;--> statement-breakpoint
ALTER TABLE "loan" ADD COLUMN "declined_at" timestamp with time zone;