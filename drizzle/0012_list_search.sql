-- The staff lists' search (decision 016). pg_trgm is a trusted extension (PostgreSQL 13 and
-- later): the database's owner may create it without superuser rights; PGlite loads it at open.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "user_search_idx" ON "user" USING gin (lower("name" || ' ' || "email") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "bank_account_id_pattern_idx" ON "bank_account" USING btree ("id" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "bank_account_search_idx" ON "bank_account" USING gin (lower("holder_name" || ' ' || "email") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "card_account_idx" ON "card" USING btree ("bank_account_id");--> statement-breakpoint
CREATE INDEX "loan_account_idx" ON "loan" USING btree ("bank_account_id");--> statement-breakpoint
CREATE INDEX "contact_message_search_idx" ON "contact_message" USING gin (lower("full_name" || ' ' || "email" || ' ' || "contact") gin_trgm_ops);