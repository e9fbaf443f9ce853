ALTER TABLE "order_payments" ADD COLUMN "note" varchar(100) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "finance_product_apps" ADD COLUMN "expires_at" timestamp with time zone DEFAULT now() + interval '7 days' NOT NULL;--> statement-breakpoint
ALTER TABLE "finance_product_apps" ADD COLUMN "company_name" varchar(100) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "finance_product_apps" ADD COLUMN "search_body" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "finance_product_apps" ADD COLUMN "search_grams" integer[] DEFAULT '{}'::int4[] NOT NULL;--> statement-breakpoint
CREATE INDEX "finance_product_apps_state_idx" ON "finance_product_apps" USING btree ("state","id");--> statement-breakpoint
CREATE INDEX "finance_product_apps_due_idx" ON "finance_product_apps" USING btree ("expires_at") WHERE "finance_product_apps"."state" = 3;--> statement-breakpoint
CREATE INDEX "finance_product_apps_grams_idx" ON "finance_product_apps" USING gin ("search_grams");