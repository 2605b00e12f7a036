ALTER TABLE "reconciliation_break" ADD COLUMN "state" text DEFAULT 'open' NOT NULL;--> statement-breakpoint
ALTER TABLE "reconciliation_break" ADD COLUMN "later_run_id" uuid;--> statement-breakpoint
ALTER TABLE "reconciliation_break" ADD COLUMN "explanation" text;--> statement-breakpoint
ALTER TABLE "reconciliation_break" ADD COLUMN "explained_by_user_id" text;--> statement-breakpoint
ALTER TABLE "reconciliation_break" ADD COLUMN "explained_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reconciliation_break" ADD CONSTRAINT "reconciliation_break_later_run_id_reconciliation_run_id_fk" FOREIGN KEY ("later_run_id") REFERENCES "public"."reconciliation_run"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reconciliation_break" ADD CONSTRAINT "reconciliation_break_explained_by_user_id_user_id_fk" FOREIGN KEY ("explained_by_user_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reconciliation_break_open_idx" ON "reconciliation_break" USING btree ("id") WHERE "reconciliation_break"."state" = 'open';--> statement-breakpoint
ALTER TABLE "reconciliation_break" ADD CONSTRAINT "reconciliation_break_state_known" CHECK ("reconciliation_break"."state" IN ('open', 'carried', 'cleared', 'explained'));--> statement-breakpoint
ALTER TABLE "reconciliation_break" ADD CONSTRAINT "reconciliation_break_later_run_given" CHECK (("reconciliation_break"."state" IN ('carried', 'cleared')) = ("reconciliation_break"."later_run_id" IS NOT NULL));--> statement-breakpoint
ALTER TABLE "reconciliation_break" ADD CONSTRAINT "reconciliation_break_explained_together" CHECK (("reconciliation_break"."state" = 'explained') = ("reconciliation_break"."explanation" IS NOT NULL) AND ("reconciliation_break"."explanation" IS NULL) = ("reconciliation_break"."explained_at" IS NULL));