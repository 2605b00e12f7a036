CREATE TABLE "account" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"provider_id" text NOT NULL,
	"user_id" text NOT NULL,
	"access_token" text,
	"refresh_token" text,
	"id_token" text,
	"access_token_expires_at" timestamp with time zone,
	"refresh_token_expires_at" timestamp with time zone,
	"scope" text,
	"password" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "session" (
	"id" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"user_id" text NOT NULL,
	"impersonated_by" text,
	CONSTRAINT "session_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "user" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"email_verified" boolean DEFAULT false NOT NULL,
	"image" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"role" text DEFAULT 'user' NOT NULL,
	"banned" boolean DEFAULT false NOT NULL,
	"ban_reason" text,
	"ban_expires" timestamp with time zone,
	CONSTRAINT "user_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "verification" (
	"id" text PRIMARY KEY NOT NULL,
	"identifier" text NOT NULL,
	"value" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bank_account" (
	"id" text PRIMARY KEY NOT NULL,
	"owner_user_id" text NOT NULL,
	"account_type" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"holder_name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"photo_url" text NOT NULL,
	"gender" text NOT NULL,
	"birth_date" date NOT NULL,
	"nid" text NOT NULL,
	"residential_area" text NOT NULL,
	"permanent_area" text NOT NULL,
	"nominee_name" text NOT NULL,
	"nominee_nid" text NOT NULL,
	"nominee_relation" text NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"approved_at" timestamp with time zone,
	"approved_by_user_id" text
);
--> statement-breakpoint
CREATE TABLE "card" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"bank_account_id" text NOT NULL,
	"owner_user_id" text NOT NULL,
	"card_type" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"holder_name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"nid" text NOT NULL,
	"last_four" text,
	"expiry_month" integer,
	"expiry_year" integer,
	"image_url" text,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by_user_id" text
);
--> statement-breakpoint
CREATE TABLE "deposit_request" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"bank_account_id" text NOT NULL,
	"owner_user_id" text NOT NULL,
	"amount_poisha" bigint NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"journal_entry_id" uuid,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by_user_id" text,
	CONSTRAINT "deposit_request_amount_positive" CHECK ("deposit_request"."amount_poisha" > 0)
);
--> statement-breakpoint
CREATE TABLE "journal_entry" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"memo" text NOT NULL,
	"reference_id" text,
	"created_by_user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_account" (
	"code" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"balance_poisha" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_account_customer_not_negative" CHECK ("ledger_account"."kind" <> 'customer' OR "ledger_account"."balance_poisha" >= 0)
);
--> statement-breakpoint
CREATE TABLE "loan" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"bank_account_id" text NOT NULL,
	"owner_user_id" text NOT NULL,
	"loan_type" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"amount_poisha" bigint NOT NULL,
	"duration_months" integer NOT NULL,
	"interest_percent" integer NOT NULL,
	"total_poisha" bigint NOT NULL,
	"outstanding_poisha" bigint NOT NULL,
	"monthly_income_poisha" bigint NOT NULL,
	"company_name" text NOT NULL,
	"evidence" text NOT NULL,
	"passport_url" text NOT NULL,
	"holder_name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"nid" text NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by_user_id" text,
	CONSTRAINT "loan_amounts_consistent" CHECK ("loan"."amount_poisha" > 0 AND "loan"."outstanding_poisha" >= 0 AND "loan"."outstanding_poisha" <= "loan"."total_poisha")
);
--> statement-breakpoint
CREATE TABLE "posting" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"journal_entry_id" uuid NOT NULL,
	"ledger_account_code" text NOT NULL,
	"amount_poisha" bigint NOT NULL,
	"balance_after_poisha" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "posting_amount_not_zero" CHECK ("posting"."amount_poisha" <> 0)
);
--> statement-breakpoint
CREATE TABLE "catalogue_entry" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"image_path" text NOT NULL,
	"description" text NOT NULL,
	"features" jsonb NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_event" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"actor_user_id" text,
	"action" text NOT NULL,
	"subject_type" text NOT NULL,
	"subject_id" text NOT NULL,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contact_message" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"full_name" text NOT NULL,
	"email" text NOT NULL,
	"contact" text NOT NULL,
	"message" text NOT NULL,
	"sender_address" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"send_attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text
);
--> statement-breakpoint
CREATE TABLE "idempotency_record" (
	"user_id" text NOT NULL,
	"key" text NOT NULL,
	"fingerprint" text NOT NULL,
	"state" text NOT NULL,
	"response_status" integer,
	"response_body" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_record_user_id_key_pk" PRIMARY KEY("user_id","key")
);
--> statement-breakpoint
CREATE TABLE "rate_limit_counter" (
	"key" text PRIMARY KEY NOT NULL,
	"window_started_at" timestamp with time zone NOT NULL,
	"hits" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "upload" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"content_hash" text NOT NULL,
	"mime_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"purpose" text NOT NULL,
	"owner_user_id" text,
	"claimed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "account" ADD CONSTRAINT "account_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session" ADD CONSTRAINT "session_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_account" ADD CONSTRAINT "bank_account_id_ledger_account_code_fk" FOREIGN KEY ("id") REFERENCES "public"."ledger_account"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_account" ADD CONSTRAINT "bank_account_owner_user_id_user_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_account" ADD CONSTRAINT "bank_account_approved_by_user_id_user_id_fk" FOREIGN KEY ("approved_by_user_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card" ADD CONSTRAINT "card_bank_account_id_bank_account_id_fk" FOREIGN KEY ("bank_account_id") REFERENCES "public"."bank_account"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card" ADD CONSTRAINT "card_owner_user_id_user_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card" ADD CONSTRAINT "card_decided_by_user_id_user_id_fk" FOREIGN KEY ("decided_by_user_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposit_request" ADD CONSTRAINT "deposit_request_bank_account_id_bank_account_id_fk" FOREIGN KEY ("bank_account_id") REFERENCES "public"."bank_account"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposit_request" ADD CONSTRAINT "deposit_request_owner_user_id_user_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposit_request" ADD CONSTRAINT "deposit_request_journal_entry_id_journal_entry_id_fk" FOREIGN KEY ("journal_entry_id") REFERENCES "public"."journal_entry"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposit_request" ADD CONSTRAINT "deposit_request_decided_by_user_id_user_id_fk" FOREIGN KEY ("decided_by_user_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_entry" ADD CONSTRAINT "journal_entry_created_by_user_id_user_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan" ADD CONSTRAINT "loan_bank_account_id_bank_account_id_fk" FOREIGN KEY ("bank_account_id") REFERENCES "public"."bank_account"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan" ADD CONSTRAINT "loan_owner_user_id_user_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan" ADD CONSTRAINT "loan_decided_by_user_id_user_id_fk" FOREIGN KEY ("decided_by_user_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posting" ADD CONSTRAINT "posting_journal_entry_id_journal_entry_id_fk" FOREIGN KEY ("journal_entry_id") REFERENCES "public"."journal_entry"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posting" ADD CONSTRAINT "posting_ledger_account_code_ledger_account_code_fk" FOREIGN KEY ("ledger_account_code") REFERENCES "public"."ledger_account"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upload" ADD CONSTRAINT "upload_owner_user_id_user_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_user_id_idx" ON "account" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "session_user_id_idx" ON "session" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "bank_account_owner_idx" ON "bank_account" USING btree ("owner_user_id");--> statement-breakpoint
CREATE INDEX "bank_account_status_idx" ON "bank_account" USING btree ("status");--> statement-breakpoint
CREATE INDEX "card_owner_idx" ON "card" USING btree ("owner_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "card_one_open_per_account_idx" ON "card" USING btree ("bank_account_id") WHERE "card"."status" in ('pending', 'active');--> statement-breakpoint
CREATE INDEX "deposit_request_owner_idx" ON "deposit_request" USING btree ("owner_user_id");--> statement-breakpoint
CREATE INDEX "deposit_request_account_idx" ON "deposit_request" USING btree ("bank_account_id");--> statement-breakpoint
CREATE INDEX "journal_entry_reference_idx" ON "journal_entry" USING btree ("reference_id");--> statement-breakpoint
CREATE INDEX "loan_owner_idx" ON "loan" USING btree ("owner_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "loan_one_open_per_account_idx" ON "loan" USING btree ("bank_account_id") WHERE "loan"."status" in ('pending', 'active');--> statement-breakpoint
CREATE INDEX "posting_account_idx" ON "posting" USING btree ("ledger_account_code","id");--> statement-breakpoint
CREATE INDEX "posting_entry_idx" ON "posting" USING btree ("journal_entry_id");--> statement-breakpoint
CREATE UNIQUE INDEX "catalogue_entry_kind_slug_idx" ON "catalogue_entry" USING btree ("kind","slug");--> statement-breakpoint
CREATE INDEX "audit_event_created_idx" ON "audit_event" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "upload_hash_idx" ON "upload" USING btree ("content_hash");--> statement-breakpoint
CREATE INDEX "upload_unclaimed_idx" ON "upload" USING btree ("claimed_at","created_at");