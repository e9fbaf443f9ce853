ALTER TABLE "biddings" ADD COLUMN "search_body" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "biddings" ADD COLUMN "search_grams" integer[] DEFAULT '{}'::int4[] NOT NULL;--> statement-breakpoint
CREATE INDEX "biddings_hall_grams_idx" ON "biddings" USING gin ("search_grams") WHERE "biddings"."status" = 1;