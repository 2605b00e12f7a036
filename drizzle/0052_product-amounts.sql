ALTER TABLE "dps_scheme" DROP CONSTRAINT "dps_scheme_instalment";--> statement-breakpoint
ALTER TABLE "dps_product" ADD COLUMN "instalment_poisha_min" bigint;--> statement-breakpoint
ALTER TABLE "dps_product" ADD COLUMN "instalment_poisha_max" bigint;--> statement-breakpoint
ALTER TABLE "product_rate_proposal" ADD COLUMN "amount_poisha_min" bigint;--> statement-breakpoint
ALTER TABLE "product_rate_proposal" ADD COLUMN "amount_poisha_max" bigint;--> statement-breakpoint
-- The DPS instalment was 500 to 25,000 BDT for every term, a constant of the code until now; a
-- proposal made before this migration carried rates only and keeps the amounts in force then.
UPDATE "dps_product" SET "instalment_poisha_min" = 50000, "instalment_poisha_max" = 2500000;--> statement-breakpoint
UPDATE "product_rate_proposal" SET "amount_poisha_min" = CASE "scheme" WHEN 'fdr' THEN 1000000 ELSE 50000 END, "amount_poisha_max" = CASE "scheme" WHEN 'dps' THEN 2500000 END;--> statement-breakpoint
ALTER TABLE "dps_product" ALTER COLUMN "instalment_poisha_min" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "dps_product" ALTER COLUMN "instalment_poisha_max" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "product_rate_proposal" ALTER COLUMN "amount_poisha_min" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "dps_product" ADD CONSTRAINT "dps_product_instalments" CHECK ("dps_product"."instalment_poisha_min" > 0 AND "dps_product"."instalment_poisha_min" <= "dps_product"."instalment_poisha_max");--> statement-breakpoint
ALTER TABLE "dps_scheme" ADD CONSTRAINT "dps_scheme_instalment" CHECK ("dps_scheme"."instalment_poisha" > 0 AND "dps_scheme"."instalment_poisha" % 50000 = 0);--> statement-breakpoint
ALTER TABLE "product_rate_proposal" ADD CONSTRAINT "product_rate_proposal_amounts" CHECK ("product_rate_proposal"."amount_poisha_min" > 0 AND ("product_rate_proposal"."amount_poisha_max" IS NULL OR "product_rate_proposal"."amount_poisha_max" >= "product_rate_proposal"."amount_poisha_min"));--> statement-breakpoint
ALTER TABLE "product_rate_proposal" ADD CONSTRAINT "product_rate_proposal_maximum_for_dps" CHECK (("product_rate_proposal"."scheme" = 'dps') = ("product_rate_proposal"."amount_poisha_max" IS NOT NULL));
