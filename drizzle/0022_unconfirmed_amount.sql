CREATE TABLE "unconfirmed_amount" (
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"window_key" text NOT NULL,
	"amount_poisha" bigint NOT NULL,
	CONSTRAINT "unconfirmed_amount_user_id_kind_pk" PRIMARY KEY("user_id","kind"),
	CONSTRAINT "unconfirmed_amount_not_negative" CHECK ("unconfirmed_amount"."amount_poisha" >= 0)
);
--> statement-breakpoint
ALTER TABLE "unconfirmed_amount" ADD CONSTRAINT "unconfirmed_amount_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;