ALTER TABLE "session" ADD COLUMN "generation" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "two_factor" ADD COLUMN "replacement_secret" text;--> statement-breakpoint
ALTER TABLE "two_factor" ADD COLUMN "replacement_backup_codes" text;--> statement-breakpoint
ALTER TABLE "two_factor" ADD COLUMN "replacement_started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "session_generation" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "two_factor" ADD CONSTRAINT "two_factor_replacement_together" CHECK (("two_factor"."replacement_secret" IS NULL) = ("two_factor"."replacement_backup_codes" IS NULL) AND ("two_factor"."replacement_secret" IS NULL) = ("two_factor"."replacement_started_at" IS NULL));