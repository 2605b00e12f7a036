CREATE TABLE "excise_duty_collection" (
	"bank_account_id" text NOT NULL,
	"year" integer NOT NULL,
	"business_date" date NOT NULL,
	"collected_poisha" bigint NOT NULL,
	"journal_entry_id" uuid NOT NULL,
	CONSTRAINT "excise_duty_collection_bank_account_id_year_business_date_pk" PRIMARY KEY("bank_account_id","year","business_date"),
	CONSTRAINT "excise_duty_collection_positive" CHECK ("excise_duty_collection"."collected_poisha" > 0)
);
--> statement-breakpoint
ALTER TABLE "excise_duty_collection" ADD CONSTRAINT "excise_duty_collection_journal_entry_id_journal_entry_id_fk" FOREIGN KEY ("journal_entry_id") REFERENCES "public"."journal_entry"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "excise_duty_collection" ADD CONSTRAINT "excise_duty_collection_charge_fk" FOREIGN KEY ("bank_account_id","year") REFERENCES "public"."excise_duty_charge"("bank_account_id","year") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "excise_duty_collection_date_idx" ON "excise_duty_collection" USING btree ("business_date");--> statement-breakpoint
CREATE INDEX "excise_duty_charge_due_idx" ON "excise_duty_charge" USING btree ("bank_account_id","year") WHERE "excise_duty_charge"."due_poisha" > 0;