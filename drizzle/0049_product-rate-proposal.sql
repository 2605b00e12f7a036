CREATE TABLE "product_rate_proposal" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"scheme" text NOT NULL,
	"effective_from" date NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"proposed_by_user_id" text NOT NULL,
	"proposed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_by_user_id" text,
	"decided_at" timestamp with time zone,
	"declined_reason" text,
	CONSTRAINT "product_rate_proposal_scheme" CHECK ("product_rate_proposal"."scheme" IN ('fdr', 'dps')),
	CONSTRAINT "product_rate_proposal_status" CHECK ("product_rate_proposal"."status" IN ('pending', 'approved', 'declined')),
	CONSTRAINT "product_rate_proposal_decider_is_not_proposer" CHECK ("product_rate_proposal"."decided_by_user_id" IS DISTINCT FROM "product_rate_proposal"."proposed_by_user_id" OR "product_rate_proposal"."status" = 'declined'),
	CONSTRAINT "product_rate_proposal_decided" CHECK (("product_rate_proposal"."status" = 'pending') = ("product_rate_proposal"."decided_by_user_id" IS NULL))
);
--> statement-breakpoint
CREATE TABLE "product_rate_proposal_term" (
	"proposal_id" uuid NOT NULL,
	"term" integer NOT NULL,
	"annual_rate_basis_points" integer NOT NULL,
	"early_rate_basis_points" integer NOT NULL,
	CONSTRAINT "product_rate_proposal_term_proposal_id_term_pk" PRIMARY KEY("proposal_id","term"),
	CONSTRAINT "product_rate_proposal_term_term" CHECK ("product_rate_proposal_term"."term" IN (1, 2, 3, 5, 6, 7, 10, 12, 24, 36)),
	CONSTRAINT "product_rate_proposal_term_rates" CHECK ("product_rate_proposal_term"."early_rate_basis_points" BETWEEN 0 AND "product_rate_proposal_term"."annual_rate_basis_points" AND "product_rate_proposal_term"."annual_rate_basis_points" <= 10000)
);
--> statement-breakpoint
ALTER TABLE "dps_product" ADD COLUMN "proposed_by_user_id" text;--> statement-breakpoint
ALTER TABLE "dps_product" ADD COLUMN "approved_by_user_id" text;--> statement-breakpoint
ALTER TABLE "dps_product" ADD COLUMN "approved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "fdr_product" ADD COLUMN "proposed_by_user_id" text;--> statement-breakpoint
ALTER TABLE "fdr_product" ADD COLUMN "approved_by_user_id" text;--> statement-breakpoint
ALTER TABLE "fdr_product" ADD COLUMN "approved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "product_rate_proposal" ADD CONSTRAINT "product_rate_proposal_proposed_by_user_id_user_id_fk" FOREIGN KEY ("proposed_by_user_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_rate_proposal" ADD CONSTRAINT "product_rate_proposal_decided_by_user_id_user_id_fk" FOREIGN KEY ("decided_by_user_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_rate_proposal_term" ADD CONSTRAINT "product_rate_proposal_term_proposal_id_product_rate_proposal_id_fk" FOREIGN KEY ("proposal_id") REFERENCES "public"."product_rate_proposal"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_rate_proposal_status_proposed_idx" ON "product_rate_proposal" USING btree ("status","proposed_at" DESC NULLS LAST,"id");--> statement-breakpoint
ALTER TABLE "dps_product" ADD CONSTRAINT "dps_product_proposed_by_user_id_user_id_fk" FOREIGN KEY ("proposed_by_user_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dps_product" ADD CONSTRAINT "dps_product_approved_by_user_id_user_id_fk" FOREIGN KEY ("approved_by_user_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fdr_product" ADD CONSTRAINT "fdr_product_proposed_by_user_id_user_id_fk" FOREIGN KEY ("proposed_by_user_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fdr_product" ADD CONSTRAINT "fdr_product_approved_by_user_id_user_id_fk" FOREIGN KEY ("approved_by_user_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dps_product" ADD CONSTRAINT "dps_product_maker_is_not_checker" CHECK ("dps_product"."proposed_by_user_id" IS DISTINCT FROM "dps_product"."approved_by_user_id" OR "dps_product"."proposed_by_user_id" IS NULL);--> statement-breakpoint
ALTER TABLE "fdr_product" ADD CONSTRAINT "fdr_product_maker_is_not_checker" CHECK ("fdr_product"."proposed_by_user_id" IS DISTINCT FROM "fdr_product"."approved_by_user_id" OR "fdr_product"."proposed_by_user_id" IS NULL);