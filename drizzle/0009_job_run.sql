CREATE TABLE "job_run" (
	"name" text PRIMARY KEY NOT NULL,
	"last_started_at" timestamp with time zone NOT NULL,
	"runs" bigint DEFAULT 1 NOT NULL
);
