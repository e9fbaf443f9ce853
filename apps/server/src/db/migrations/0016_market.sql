CREATE TABLE "market_cards" (
	"id" integer PRIMARY KEY NOT NULL,
	"card" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "market_listings" (
	"id" integer PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"province" integer NOT NULL,
	"city" integer NOT NULL,
	"area" integer NOT NULL,
	"monthly_rent" integer NOT NULL,
	"sort_at" timestamp with time zone NOT NULL,
	"body" text NOT NULL,
	"grams" integer[] NOT NULL
);
--> statement-breakpoint
CREATE INDEX "market_listings_grams_idx" ON "market_listings" USING gin ("grams");--> statement-breakpoint
CREATE INDEX "market_listings_new_idx" ON "market_listings" USING btree ("sort_at","id");--> statement-breakpoint
CREATE INDEX "market_listings_rent_idx" ON "market_listings" USING btree ("monthly_rent","id");--> statement-breakpoint
CREATE INDEX "market_listings_category_new_idx" ON "market_listings" USING btree ("category_id","sort_at","id");--> statement-breakpoint
CREATE INDEX "market_listings_group_new_idx" ON "market_listings" USING btree ("group_id","sort_at","id");--> statement-breakpoint
CREATE INDEX "market_listings_province_new_idx" ON "market_listings" USING btree ("province","sort_at","id");--> statement-breakpoint
CREATE INDEX "market_listings_city_new_idx" ON "market_listings" USING btree ("city","sort_at","id");--> statement-breakpoint
CREATE INDEX "market_listings_province_category_new_idx" ON "market_listings" USING btree ("province","category_id","sort_at","id");--> statement-breakpoint
CREATE INDEX "market_listings_city_category_new_idx" ON "market_listings" USING btree ("city","category_id","sort_at","id");--> statement-breakpoint
CREATE INDEX "market_listings_category_rent_idx" ON "market_listings" USING btree ("category_id","monthly_rent","id");--> statement-breakpoint
CREATE INDEX "market_listings_province_category_rent_idx" ON "market_listings" USING btree ("province","category_id","monthly_rent","id");--> statement-breakpoint
CREATE INDEX "market_listings_city_category_rent_idx" ON "market_listings" USING btree ("city","category_id","monthly_rent","id");