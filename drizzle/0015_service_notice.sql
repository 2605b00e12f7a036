CREATE TABLE "service_notice" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"text_en" text NOT NULL,
	"text_bn" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"ended_early_at" timestamp with time zone,
	"created_by_user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "service_notice_ends_after_start" CHECK ("service_notice"."ends_at" > "service_notice"."starts_at")
);
--> statement-breakpoint
ALTER TABLE "service_notice" ADD CONSTRAINT "service_notice_created_by_user_id_user_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "service_notice_ends_idx" ON "service_notice" USING btree ("ends_at","starts_at");