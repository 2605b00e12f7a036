CREATE TABLE "user_status_change" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"action" text NOT NULL,
	"requested_by_user_id" text NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"outcome" text,
	"decided_by_user_id" text,
	"decided_at" timestamp with time zone,
	CONSTRAINT "user_status_change_decided_together" CHECK (("user_status_change"."outcome" IS NULL) = ("user_status_change"."decided_at" IS NULL) AND ("user_status_change"."outcome" IS NULL) = ("user_status_change"."decided_by_user_id" IS NULL))
);
--> statement-breakpoint
ALTER TABLE "user_status_change" ADD CONSTRAINT "user_status_change_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_status_change" ADD CONSTRAINT "user_status_change_requested_by_user_id_user_id_fk" FOREIGN KEY ("requested_by_user_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_status_change" ADD CONSTRAINT "user_status_change_decided_by_user_id_user_id_fk" FOREIGN KEY ("decided_by_user_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "user_status_change_one_waiting_idx" ON "user_status_change" USING btree ("user_id") WHERE "user_status_change"."outcome" IS NULL;