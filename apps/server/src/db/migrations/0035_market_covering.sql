DROP INDEX "market_listings_new_idx";--> statement-breakpoint
DROP INDEX "market_listings_rent_idx";--> statement-breakpoint
DROP INDEX "market_listings_category_new_idx";--> statement-breakpoint
DROP INDEX "market_listings_group_new_idx";--> statement-breakpoint
DROP INDEX "market_listings_province_new_idx";--> statement-breakpoint
DROP INDEX "market_listings_city_new_idx";--> statement-breakpoint
DROP INDEX "market_listings_province_category_new_idx";--> statement-breakpoint
DROP INDEX "market_listings_city_category_new_idx";--> statement-breakpoint
DROP INDEX "market_listings_category_rent_idx";--> statement-breakpoint
DROP INDEX "market_listings_province_category_rent_idx";--> statement-breakpoint
DROP INDEX "market_listings_city_category_rent_idx";--> statement-breakpoint
CREATE INDEX "market_listings_group_rent_idx" ON "market_listings" USING btree ("group_id","monthly_rent","id","category_id","province","city","body");--> statement-breakpoint
CREATE INDEX "market_listings_province_rent_idx" ON "market_listings" USING btree ("province","monthly_rent","id","category_id","group_id","city","body");--> statement-breakpoint
CREATE INDEX "market_listings_city_rent_idx" ON "market_listings" USING btree ("city","monthly_rent","id","category_id","group_id","province","body");--> statement-breakpoint
CREATE INDEX "market_listings_new_idx" ON "market_listings" USING btree ("sort_at","id","category_id","group_id","province","city","monthly_rent","body");--> statement-breakpoint
CREATE INDEX "market_listings_rent_idx" ON "market_listings" USING btree ("monthly_rent","id","category_id","group_id","province","city","body");--> statement-breakpoint
CREATE INDEX "market_listings_category_new_idx" ON "market_listings" USING btree ("category_id","sort_at","id","group_id","province","city","monthly_rent","body");--> statement-breakpoint
CREATE INDEX "market_listings_group_new_idx" ON "market_listings" USING btree ("group_id","sort_at","id","category_id","province","city","monthly_rent","body");--> statement-breakpoint
CREATE INDEX "market_listings_province_new_idx" ON "market_listings" USING btree ("province","sort_at","id","category_id","group_id","city","monthly_rent","body");--> statement-breakpoint
CREATE INDEX "market_listings_city_new_idx" ON "market_listings" USING btree ("city","sort_at","id","category_id","group_id","province","monthly_rent","body");--> statement-breakpoint
CREATE INDEX "market_listings_province_category_new_idx" ON "market_listings" USING btree ("province","category_id","sort_at","id","group_id","city","monthly_rent","body");--> statement-breakpoint
CREATE INDEX "market_listings_city_category_new_idx" ON "market_listings" USING btree ("city","category_id","sort_at","id","group_id","province","monthly_rent","body");--> statement-breakpoint
CREATE INDEX "market_listings_category_rent_idx" ON "market_listings" USING btree ("category_id","monthly_rent","id","group_id","province","city","body");--> statement-breakpoint
CREATE INDEX "market_listings_province_category_rent_idx" ON "market_listings" USING btree ("province","category_id","monthly_rent","id","group_id","city","body");--> statement-breakpoint
CREATE INDEX "market_listings_city_category_rent_idx" ON "market_listings" USING btree ("city","category_id","monthly_rent","id","group_id","province","body");