CREATE TABLE "shop_cases" (
	"id" serial PRIMARY KEY NOT NULL,
	"shop_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"title" varchar(50) NOT NULL,
	"cover" varchar(300) NOT NULL,
	"content" text NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"reason" varchar(200) DEFAULT '' NOT NULL,
	"created_by" integer NOT NULL,
	"reviewer_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "shop_honours" (
	"id" serial PRIMARY KEY NOT NULL,
	"shop_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"name" varchar(30) NOT NULL,
	"img" varchar(300) NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"reason" varchar(200) DEFAULT '' NOT NULL,
	"created_by" integer NOT NULL,
	"reviewer_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "shop_hot_devices" (
	"id" serial PRIMARY KEY NOT NULL,
	"shop_id" integer NOT NULL,
	"listing_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shops" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"shop_name" varchar(30) NOT NULL,
	"company_category" smallint NOT NULL,
	"main_business" varchar(60) NOT NULL,
	"main_product" varchar(100) NOT NULL,
	"service_area" varchar(100) NOT NULL,
	"start_date" date NOT NULL,
	"product_number" integer NOT NULL,
	"employee_number" smallint NOT NULL,
	"company_desc" text NOT NULL,
	"company_logo" varchar(300) NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"reason" varchar(200) DEFAULT '' NOT NULL,
	"shop_cover" varchar(300) DEFAULT '' NOT NULL,
	"cover_status" smallint DEFAULT 0 NOT NULL,
	"cover_reason" varchar(200) DEFAULT '' NOT NULL,
	"cover_at" timestamp with time zone,
	"created_by" integer NOT NULL,
	"reviewer_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "shop_cases_shop_idx" ON "shop_cases" USING btree ("shop_id","id") WHERE "shop_cases"."status" <> 2;--> statement-breakpoint
CREATE INDEX "shop_cases_queue_idx" ON "shop_cases" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "shop_honours_shop_idx" ON "shop_honours" USING btree ("shop_id","id") WHERE "shop_honours"."status" <> -2;--> statement-breakpoint
CREATE INDEX "shop_honours_queue_idx" ON "shop_honours" USING btree ("status","id");--> statement-breakpoint
CREATE UNIQUE INDEX "shop_hot_devices_uq" ON "shop_hot_devices" USING btree ("shop_id","listing_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shops_company_uq" ON "shops" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "shops_queue_idx" ON "shops" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "shops_cover_queue_idx" ON "shops" USING btree ("cover_status","id");