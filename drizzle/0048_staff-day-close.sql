CREATE TABLE "day_close_run" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_date" date NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"requested_by_user_id" text NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_by_user_id" text,
	"decided_at" timestamp with time zone,
	"closed_dates" text[],
	"ran_at" timestamp with time zone,
	CONSTRAINT "day_close_run_status_known" CHECK ("day_close_run"."status" IN ('pending', 'approved', 'declined'))
);
--> statement-breakpoint
ALTER TABLE "day_close_step_done" ADD COLUMN "started_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "day_close_run" ADD CONSTRAINT "day_close_run_requested_by_user_id_user_id_fk" FOREIGN KEY ("requested_by_user_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "day_close_run" ADD CONSTRAINT "day_close_run_decided_by_user_id_user_id_fk" FOREIGN KEY ("decided_by_user_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "day_close_run_one_pending" ON "day_close_run" USING btree ("status") WHERE "day_close_run"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "day_close_run_requested_idx" ON "day_close_run" USING btree ("requested_at");--> statement-breakpoint
-- Steps done before this migration have only the time their transaction began: it stands for both.
UPDATE "day_close_step_done" SET "started_at" = "finished_at";
