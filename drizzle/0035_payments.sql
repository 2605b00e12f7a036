CREATE TABLE "clearing_inbox" (
	"message_id" text PRIMARY KEY NOT NULL,
	"message_type" text NOT NULL,
	"answer_xml" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "clearing_message" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"direction" text NOT NULL,
	"message_id" text NOT NULL,
	"message_type" text NOT NULL,
	"payment_id" uuid,
	"xml" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "clearing_message_direction_known" CHECK ("clearing_message"."direction" IN ('out', 'in'))
);
--> statement-breakpoint
CREATE TABLE "clearing_nonce" (
	"sender" text NOT NULL,
	"nonce" text NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "clearing_nonce_sender_nonce_pk" PRIMARY KEY("sender","nonce")
);
--> statement-breakpoint
CREATE TABLE "clearing_outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"message_id" text NOT NULL,
	"message_type" text NOT NULL,
	"payment_id" uuid,
	"xml" text NOT NULL,
	"state" text DEFAULT 'waiting' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answered_at" timestamp with time zone,
	CONSTRAINT "clearing_outbox_state_known" CHECK ("clearing_outbox"."state" IN ('waiting', 'answered', 'unknown'))
);
--> statement-breakpoint
CREATE TABLE "payment" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reference" text DEFAULT short_reference() NOT NULL,
	"owner_user_id" text NOT NULL,
	"bank_account_id" text NOT NULL,
	"rail" text NOT NULL,
	"receiver_participant" text NOT NULL,
	"receiver_account" text NOT NULL,
	"receiver_name" text NOT NULL,
	"remittance_information" text,
	"amount_poisha" bigint NOT NULL,
	"fee_poisha" bigint NOT NULL,
	"vat_poisha" bigint NOT NULL,
	"status" text DEFAULT 'sending' NOT NULL,
	"reason_code" text,
	"message_id" text NOT NULL,
	"end_to_end_id" text NOT NULL,
	"clearing_reference" text,
	"arrives_by" timestamp with time zone NOT NULL,
	"sent_entry_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_reference_format" CHECK ("payment"."reference" ~ '^[0-9A-HJKMNP-TV-Z]{12}$'),
	CONSTRAINT "payment_amount_positive" CHECK ("payment"."amount_poisha" > 0),
	CONSTRAINT "payment_charges_not_negative" CHECK ("payment"."fee_poisha" >= 0 AND "payment"."vat_poisha" >= 0),
	CONSTRAINT "payment_status_known" CHECK ("payment"."status" IN ('sending', 'accepted', 'settled', 'rejected', 'returned')),
	CONSTRAINT "payment_rail_known" CHECK ("payment"."rail" IN ('NPSB', 'BEFTN', 'RTGS'))
);
--> statement-breakpoint
CREATE TABLE "payment_event" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"payment_id" uuid NOT NULL,
	"status" text NOT NULL,
	"reason_code" text,
	"message_id" text,
	"journal_entry_id" uuid,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "clearing_outbox" ADD CONSTRAINT "clearing_outbox_payment_id_payment_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payment"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment" ADD CONSTRAINT "payment_owner_user_id_user_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment" ADD CONSTRAINT "payment_bank_account_id_bank_account_id_fk" FOREIGN KEY ("bank_account_id") REFERENCES "public"."bank_account"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment" ADD CONSTRAINT "payment_sent_entry_id_journal_entry_id_fk" FOREIGN KEY ("sent_entry_id") REFERENCES "public"."journal_entry"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_event" ADD CONSTRAINT "payment_event_payment_id_payment_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payment"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_event" ADD CONSTRAINT "payment_event_journal_entry_id_journal_entry_id_fk" FOREIGN KEY ("journal_entry_id") REFERENCES "public"."journal_entry"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "clearing_message_id_idx" ON "clearing_message" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "clearing_message_payment_idx" ON "clearing_message" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "clearing_nonce_seen_idx" ON "clearing_nonce" USING btree ("seen_at");--> statement-breakpoint
CREATE UNIQUE INDEX "clearing_outbox_message_idx" ON "clearing_outbox" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "clearing_outbox_due_idx" ON "clearing_outbox" USING btree ("next_attempt_at") WHERE "clearing_outbox"."state" <> 'answered';--> statement-breakpoint
CREATE UNIQUE INDEX "payment_reference_idx" ON "payment" USING btree ("reference");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_message_id_idx" ON "payment" USING btree ("message_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_end_to_end_id_idx" ON "payment" USING btree ("end_to_end_id");--> statement-breakpoint
CREATE INDEX "payment_owner_idx" ON "payment" USING btree ("owner_user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "payment_account_idx" ON "payment" USING btree ("bank_account_id");--> statement-breakpoint
CREATE INDEX "payment_status_idx" ON "payment" USING btree ("status","updated_at");--> statement-breakpoint
CREATE INDEX "payment_event_payment_idx" ON "payment_event" USING btree ("payment_id","id");--> statement-breakpoint
-- The bank's own accounts a payment to another bank or wallet moves through: the clearing account
-- holds what is on its way, the settlement account is the bank's at Bangladesh Bank, and the
-- charge goes to fee income and the VAT owed on it.
INSERT INTO "ledger_account" ("code", "kind") VALUES
  ('bank:clearing-outward', 'bank'),
  ('bank:settlement', 'bank'),
  ('bank:fee-income', 'bank'),
  ('bank:vat-payable', 'bank')
ON CONFLICT ("code") DO NOTHING;
