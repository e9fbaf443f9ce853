CREATE TABLE "finance_product_apps" (
	"id" serial PRIMARY KEY NOT NULL,
	"no" varchar(64) NOT NULL,
	"company_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"provider" varchar(20) NOT NULL,
	"url" varchar(500) NOT NULL,
	"state" smallint DEFAULT 3 NOT NULL,
	"reason" varchar(100) DEFAULT '' NOT NULL,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "finance_product_apps_no_idx" ON "finance_product_apps" USING btree ("no");--> statement-breakpoint
CREATE UNIQUE INDEX "finance_product_apps_live_idx" ON "finance_product_apps" USING btree ("company_id") WHERE "finance_product_apps"."state" = 3;--> statement-breakpoint
CREATE INDEX "finance_product_apps_company_idx" ON "finance_product_apps" USING btree ("company_id","id");