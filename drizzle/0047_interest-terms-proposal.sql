CREATE TABLE "interest_terms_proposal" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_type" text NOT NULL,
	"effective_from" date NOT NULL,
	"posting" text NOT NULL,
	"balance_to_earn_poisha_min" bigint NOT NULL,
	"tiers" jsonb NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"proposed_by_user_id" text NOT NULL,
	"proposed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_by_user_id" text,
	"decided_at" timestamp with time zone,
	"declined_reason" text,
	"terms_id" uuid,
	CONSTRAINT "interest_terms_proposal_balance_to_earn_not_negative" CHECK ("interest_terms_proposal"."balance_to_earn_poisha_min" >= 0),
	CONSTRAINT "interest_terms_proposal_decider_is_not_proposer" CHECK ("interest_terms_proposal"."decided_by_user_id" IS DISTINCT FROM "interest_terms_proposal"."proposed_by_user_id" OR "interest_terms_proposal"."status" = 'declined')
);
--> statement-breakpoint
ALTER TABLE "interest_terms_proposal" ADD CONSTRAINT "interest_terms_proposal_proposed_by_user_id_user_id_fk" FOREIGN KEY ("proposed_by_user_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interest_terms_proposal" ADD CONSTRAINT "interest_terms_proposal_decided_by_user_id_user_id_fk" FOREIGN KEY ("decided_by_user_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interest_terms_proposal" ADD CONSTRAINT "interest_terms_proposal_terms_id_interest_terms_id_fk" FOREIGN KEY ("terms_id") REFERENCES "public"."interest_terms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "interest_terms_proposal_status_proposed_idx" ON "interest_terms_proposal" USING btree ("status","proposed_at" DESC NULLS LAST,"id");