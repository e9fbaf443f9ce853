CREATE TABLE "market_pairs" (
	"gram" integer NOT NULL,
	"sort_at" timestamp with time zone NOT NULL,
	"monthly_rent" integer NOT NULL,
	"id" integer NOT NULL
);
--> statement-breakpoint
-- the postings of the listings already in the market, written before the btrees are built (a pair is outside the
-- code points: platform/grams.ts isPair)
INSERT INTO "market_pairs" ("gram", "sort_at", "monthly_rent", "id") SELECT g, l."sort_at", l."monthly_rent", l."id" FROM "market_listings" l CROSS JOIN LATERAL unnest(l."grams") g WHERE g < 0 OR g > 1114111;--> statement-breakpoint
CREATE INDEX "market_pairs_new_idx" ON "market_pairs" USING btree ("gram","sort_at","id","monthly_rent");--> statement-breakpoint
CREATE INDEX "market_pairs_rent_idx" ON "market_pairs" USING btree ("gram","monthly_rent","id");
