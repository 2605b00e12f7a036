CREATE TABLE "service_notice_proposal" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"text_en" text NOT NULL,
	"text_bn" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"proposed_by_user_id" text NOT NULL,
	"proposed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by_user_id" text,
	"declined_reason" text,
	CONSTRAINT "service_notice_proposal_ends_after_start" CHECK ("service_notice_proposal"."ends_at" > "service_notice_proposal"."starts_at")
);
--> statement-breakpoint
ALTER TABLE "service_notice" ADD COLUMN "approved_by_user_id" text;--> statement-breakpoint
ALTER TABLE "service_notice" ADD COLUMN "proposal_id" uuid;--> statement-breakpoint
ALTER TABLE "service_notice_proposal" ADD CONSTRAINT "service_notice_proposal_proposed_by_user_id_user_id_fk" FOREIGN KEY ("proposed_by_user_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_notice_proposal" ADD CONSTRAINT "service_notice_proposal_decided_by_user_id_user_id_fk" FOREIGN KEY ("decided_by_user_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "service_notice_proposal_status_proposed_idx" ON "service_notice_proposal" USING btree ("status","proposed_at" DESC NULLS LAST,"id");--> statement-breakpoint
ALTER TABLE "service_notice" ADD CONSTRAINT "service_notice_approved_by_user_id_user_id_fk" FOREIGN KEY ("approved_by_user_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_notice" ADD CONSTRAINT "service_notice_proposal_id_service_notice_proposal_id_fk" FOREIGN KEY ("proposal_id") REFERENCES "public"."service_notice_proposal"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_notice" ADD CONSTRAINT "service_notice_proposal_once" UNIQUE("proposal_id");