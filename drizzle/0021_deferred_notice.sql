CREATE TABLE "deferred_notice" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"notices" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
