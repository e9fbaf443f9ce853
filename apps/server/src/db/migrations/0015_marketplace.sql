CREATE TABLE "right_binding" (
	"grant_id" integer PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"listing_id" integer NOT NULL,
	"project_id" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
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
CREATE TABLE "shelf_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"sn" varchar(40) NOT NULL,
	"company_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"num" smallint NOT NULL,
	"amount" bigint NOT NULL,
	"days" integer NOT NULL,
	"status" smallint DEFAULT -1 NOT NULL,
	"pay_order_sn" varchar(40) NOT NULL,
	"paid_at" timestamp with time zone,
	"refund" smallint DEFAULT 0 NOT NULL,
	"reason" varchar(200) DEFAULT '' NOT NULL,
	"reviewer_id" integer,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "shelf_settings" (
	"id" smallint PRIMARY KEY NOT NULL,
	"price" bigint NOT NULL,
	"days" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shelves" (
	"id" serial PRIMARY KEY NOT NULL,
	"sn" varchar(40) NOT NULL,
	"company_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"finish_time" timestamp with time zone NOT NULL,
	"state" smallint DEFAULT 0 NOT NULL,
	"listing_id" integer,
	"month_rent" bigint DEFAULT 0 NOT NULL,
	"lease_term" smallint DEFAULT 0 NOT NULL,
	"selling_price" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "right_binding_user_idx" ON "right_binding" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "shop_cases_shop_idx" ON "shop_cases" USING btree ("shop_id","id") WHERE "shop_cases"."status" <> 2;--> statement-breakpoint
CREATE INDEX "shop_cases_queue_idx" ON "shop_cases" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "shop_honours_shop_idx" ON "shop_honours" USING btree ("shop_id","id") WHERE "shop_honours"."status" <> -2;--> statement-breakpoint
CREATE INDEX "shop_honours_queue_idx" ON "shop_honours" USING btree ("status","id");--> statement-breakpoint
CREATE UNIQUE INDEX "shop_hot_devices_uq" ON "shop_hot_devices" USING btree ("shop_id","listing_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shops_company_uq" ON "shops" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "shops_queue_idx" ON "shops" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "shops_cover_queue_idx" ON "shops" USING btree ("cover_status","id");--> statement-breakpoint
CREATE UNIQUE INDEX "shelf_orders_sn_uq" ON "shelf_orders" USING btree ("sn");--> statement-breakpoint
CREATE UNIQUE INDEX "shelf_orders_pay_uq" ON "shelf_orders" USING btree ("pay_order_sn");--> statement-breakpoint
CREATE INDEX "shelf_orders_company_idx" ON "shelf_orders" USING btree ("company_id","status","id") WHERE "shelf_orders"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "shelf_orders_queue_idx" ON "shelf_orders" USING btree ("status","id") WHERE "shelf_orders"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "shelves_sn_uq" ON "shelves" USING btree ("sn");--> statement-breakpoint
CREATE INDEX "shelves_company_idx" ON "shelves" USING btree ("company_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "shelves_listing_uq" ON "shelves" USING btree ("listing_id") WHERE "shelves"."listing_id" is not null;--> statement-breakpoint
CREATE INDEX "shelves_public_idx" ON "shelves" USING btree ("state","finish_time");