CREATE TABLE "payment_repair" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"bank_account_id" text NOT NULL,
	"owner_user_id" text NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by_user_id" text,
	"declined_reason" text,
	"declined_note" text,
	"declined_at" timestamp with time zone,
	"payment_id" uuid NOT NULL,
	"action" text NOT NULL,
	"reason_code" text,
	"reason" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"requested_by_user_id" text NOT NULL,
	CONSTRAINT "payment_repair_action_known" CHECK ("payment_repair"."action" IN ('re_enquire', 'mark_returned')),
	CONSTRAINT "payment_repair_return_has_code" CHECK ("payment_repair"."action" <> 'mark_returned' OR "payment_repair"."reason_code" IS NOT NULL)
);
--> statement-breakpoint
CREATE TABLE "reconciliation_break" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"run_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"direction" text NOT NULL,
	"message_id" text NOT NULL,
	"end_to_end_id" text,
	"payment_id" uuid,
	"switch_amount_poisha" bigint,
	"bank_amount_poisha" bigint,
	"switch_says" text,
	"bank_says" text,
	CONSTRAINT "reconciliation_break_kind_known" CHECK ("reconciliation_break"."kind" IN ('missing_in_bank', 'missing_in_switch', 'amount_differs', 'status_differs')),
	CONSTRAINT "reconciliation_break_direction_known" CHECK ("reconciliation_break"."direction" IN ('out', 'in'))
);
--> statement-breakpoint
CREATE TABLE "reconciliation_run" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"period_from" timestamp with time zone NOT NULL,
	"period_to" timestamp with time zone NOT NULL,
	"state" text NOT NULL,
	"failure" text,
	"statement_message_id" text,
	"switch_items" integer DEFAULT 0 NOT NULL,
	"bank_items" integer DEFAULT 0 NOT NULL,
	"matched_items" integer DEFAULT 0 NOT NULL,
	"break_count" integer DEFAULT 0 NOT NULL,
	"requested_by_user_id" text,
	"ran_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reconciliation_run_period_ordered" CHECK ("reconciliation_run"."period_from" < "reconciliation_run"."period_to"),
	CONSTRAINT "reconciliation_run_state_known" CHECK ("reconciliation_run"."state" IN ('compared', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "payment_repair" ADD CONSTRAINT "payment_repair_bank_account_id_bank_account_id_fk" FOREIGN KEY ("bank_account_id") REFERENCES "public"."bank_account"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_repair" ADD CONSTRAINT "payment_repair_owner_user_id_user_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_repair" ADD CONSTRAINT "payment_repair_decided_by_user_id_user_id_fk" FOREIGN KEY ("decided_by_user_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_repair" ADD CONSTRAINT "payment_repair_payment_id_payment_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payment"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_repair" ADD CONSTRAINT "payment_repair_requested_by_user_id_user_id_fk" FOREIGN KEY ("requested_by_user_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reconciliation_break" ADD CONSTRAINT "reconciliation_break_run_id_reconciliation_run_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."reconciliation_run"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reconciliation_break" ADD CONSTRAINT "reconciliation_break_payment_id_payment_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payment"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reconciliation_run" ADD CONSTRAINT "reconciliation_run_requested_by_user_id_user_id_fk" FOREIGN KEY ("requested_by_user_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_repair_owner_idx" ON "payment_repair" USING btree ("owner_user_id");--> statement-breakpoint
CREATE INDEX "payment_repair_account_idx" ON "payment_repair" USING btree ("bank_account_id");--> statement-breakpoint
CREATE INDEX "payment_repair_requested_idx" ON "payment_repair" USING btree ("requested_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "payment_repair_status_requested_idx" ON "payment_repair" USING btree ("status","requested_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "payment_repair_payment_idx" ON "payment_repair" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "reconciliation_break_run_idx" ON "reconciliation_break" USING btree ("run_id","id");--> statement-breakpoint
CREATE INDEX "reconciliation_run_ran_idx" ON "reconciliation_run" USING btree ("ran_at" DESC NULLS LAST,"id");