DROP INDEX "biddings_hall_region_idx";--> statement-breakpoint
DROP INDEX "quick_demands_hall_idx";--> statement-breakpoint
DROP INDEX "biddings_hall_grams_idx";--> statement-breakpoint
DROP INDEX "quick_demands_hall_category_idx";--> statement-breakpoint
CREATE INDEX "biddings_hall_province_idx" ON "biddings" USING btree ("province","id") WHERE "biddings"."status" = 1::smallint;--> statement-breakpoint
CREATE INDEX "biddings_hall_city_idx" ON "biddings" USING btree ("city","id") WHERE "biddings"."status" = 1::smallint;--> statement-breakpoint
CREATE INDEX "quick_demands_hall_province_idx" ON "quick_demands" USING btree ("province","id") WHERE "quick_demands"."state" = 2::smallint;--> statement-breakpoint
CREATE INDEX "quick_demands_hall_city_idx" ON "quick_demands" USING btree ("city","id") WHERE "quick_demands"."state" = 2::smallint;--> statement-breakpoint
CREATE INDEX "biddings_hall_grams_idx" ON "biddings" USING gin ("search_grams") WHERE "biddings"."status" = 1::smallint;--> statement-breakpoint
CREATE INDEX "quick_demands_hall_category_idx" ON "quick_demands" USING btree ("category_id","id") WHERE "quick_demands"."state" = 2::smallint;