CREATE TABLE "transfer_limit" (
	"account_type" text PRIMARY KEY NOT NULL,
	"per_transfer_poisha" bigint NOT NULL,
	"per_day_poisha" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by_user_id" text,
	CONSTRAINT "transfer_limit_ordered" CHECK ("transfer_limit"."per_transfer_poisha" > 0 AND "transfer_limit"."per_transfer_poisha" <= "transfer_limit"."per_day_poisha")
);
--> statement-breakpoint
CREATE TABLE "transfer_limit_proposal" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_type" text NOT NULL,
	"per_transfer_poisha" bigint,
	"per_day_poisha" bigint,
	"reason" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"proposed_by_user_id" text NOT NULL,
	"proposed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by_user_id" text,
	CONSTRAINT "transfer_limit_proposal_changes_something" CHECK ("transfer_limit_proposal"."per_transfer_poisha" IS NOT NULL OR "transfer_limit_proposal"."per_day_poisha" IS NOT NULL),
	CONSTRAINT "transfer_limit_proposal_positive" CHECK (coalesce("transfer_limit_proposal"."per_transfer_poisha", 1) > 0 AND coalesce("transfer_limit_proposal"."per_day_poisha", 1) > 0)
);
--> statement-breakpoint
ALTER TABLE "transfer_limit" ADD CONSTRAINT "transfer_limit_updated_by_user_id_user_id_fk" FOREIGN KEY ("updated_by_user_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfer_limit_proposal" ADD CONSTRAINT "transfer_limit_proposal_proposed_by_user_id_user_id_fk" FOREIGN KEY ("proposed_by_user_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfer_limit_proposal" ADD CONSTRAINT "transfer_limit_proposal_decided_by_user_id_user_id_fk" FOREIGN KEY ("decided_by_user_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "transfer_limit_proposal_status_proposed_idx" ON "transfer_limit_proposal" USING btree ("status","proposed_at" DESC NULLS LAST,"id");