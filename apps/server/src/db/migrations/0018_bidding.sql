CREATE TABLE "bidding_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"bidding_id" integer NOT NULL,
	"no" smallint NOT NULL,
	"category_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"model" varchar(50) DEFAULT '' NOT NULL,
	"eq_num" integer NOT NULL,
	"payment_type" smallint NOT NULL,
	"num" integer NOT NULL,
	"unit" smallint NOT NULL,
	"time" integer DEFAULT 0 NOT NULL,
	"limit" integer DEFAULT 0 NOT NULL,
	"age" smallint DEFAULT 1 NOT NULL,
	"driver" smallint DEFAULT 1 NOT NULL,
	"inout" smallint DEFAULT 1 NOT NULL,
	"oil" smallint DEFAULT 1 NOT NULL,
	"boarding" smallint DEFAULT 1 NOT NULL,
	"enter_date" date,
	"remark" varchar(200) DEFAULT '' NOT NULL,
	"allot_num" integer DEFAULT 0 NOT NULL,
	"select_state" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bidding_offer_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"offer_id" integer NOT NULL,
	"bidding_id" integer NOT NULL,
	"line_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"price" integer NOT NULL,
	"rate" smallint NOT NULL,
	"num" integer NOT NULL,
	"inout_price" integer DEFAULT 0 NOT NULL,
	"tax_total" integer NOT NULL,
	"select" smallint DEFAULT 0 NOT NULL,
	"allot_num" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bidding_offers" (
	"id" serial PRIMARY KEY NOT NULL,
	"bidding_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"contacts" varchar(20) NOT NULL,
	"tel" varchar(20) NOT NULL,
	"remark" varchar(200) DEFAULT '' NOT NULL,
	"selected" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"withdrawn_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "biddings" (
	"id" serial PRIMARY KEY NOT NULL,
	"sn" varchar(32) NOT NULL,
	"company_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"classify" smallint NOT NULL,
	"name" varchar(50) NOT NULL,
	"contacts" varchar(20) NOT NULL,
	"tel" varchar(20) NOT NULL,
	"show" smallint DEFAULT 1 NOT NULL,
	"end_time" date NOT NULL,
	"type" smallint NOT NULL,
	"payment_type" smallint NOT NULL,
	"province" integer NOT NULL,
	"city" integer NOT NULL,
	"area" integer NOT NULL,
	"address" varchar(50) NOT NULL,
	"lng" double precision NOT NULL,
	"lat" double precision NOT NULL,
	"remark" varchar(500) NOT NULL,
	"invoice_type" smallint NOT NULL,
	"registered_assets" smallint NOT NULL,
	"other" varchar(200) DEFAULT '' NOT NULL,
	"num" integer,
	"unit" smallint,
	"limit" integer,
	"time" integer,
	"enter_date" date,
	"age" smallint,
	"driver" smallint,
	"inout" smallint,
	"oil" smallint,
	"boarding" smallint,
	"status" smallint DEFAULT 5 NOT NULL,
	"review_reason" varchar(200) DEFAULT '' NOT NULL,
	"reviewed_at" timestamp with time zone,
	"close_reason" varchar(50) DEFAULT '' NOT NULL,
	"cutoff_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"order_status" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rental_order_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"bidding_line_id" integer,
	"product_id" integer NOT NULL,
	"model" varchar(50) DEFAULT '' NOT NULL,
	"num" integer NOT NULL,
	"unit" smallint NOT NULL,
	"price" integer NOT NULL,
	"rate" smallint NOT NULL,
	"tax_total" integer NOT NULL,
	"inout_price" integer DEFAULT 0 NOT NULL,
	"enter_date" date
);
--> statement-breakpoint
CREATE TABLE "rental_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"sn" varchar(32) NOT NULL,
	"bidding_id" integer,
	"offer_id" integer,
	"classify" smallint NOT NULL,
	"tenant_company_id" integer NOT NULL,
	"provider_company_id" integer NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"provider_status" smallint DEFAULT 0 NOT NULL,
	"project_name" varchar(50) NOT NULL,
	"project_type" smallint NOT NULL,
	"project_address" varchar(50) NOT NULL,
	"remark" varchar(200) DEFAULT '' NOT NULL,
	"payment_type" smallint NOT NULL,
	"tenant_contacts" varchar(20) DEFAULT '' NOT NULL,
	"tenant_tel" varchar(20) DEFAULT '' NOT NULL,
	"provider_contacts" varchar(20) DEFAULT '' NOT NULL,
	"provider_tel" varchar(20) DEFAULT '' NOT NULL,
	"reason" varchar(50) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "bidding_lines_bidding_idx" ON "bidding_lines" USING btree ("bidding_id","no");--> statement-breakpoint
CREATE INDEX "bidding_lines_category_idx" ON "bidding_lines" USING btree ("category_id","bidding_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bidding_offer_lines_once_idx" ON "bidding_offer_lines" USING btree ("offer_id","line_id");--> statement-breakpoint
CREATE INDEX "bidding_offer_lines_line_idx" ON "bidding_offer_lines" USING btree ("line_id","id");--> statement-breakpoint
CREATE INDEX "bidding_offer_lines_bidding_idx" ON "bidding_offer_lines" USING btree ("bidding_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bidding_offers_once_idx" ON "bidding_offers" USING btree ("bidding_id","company_id");--> statement-breakpoint
CREATE INDEX "bidding_offers_company_idx" ON "bidding_offers" USING btree ("company_id","status","id");--> statement-breakpoint
CREATE UNIQUE INDEX "biddings_sn_idx" ON "biddings" USING btree ("sn");--> statement-breakpoint
CREATE INDEX "biddings_company_idx" ON "biddings" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "biddings_company_status_idx" ON "biddings" USING btree ("company_id","status","id");--> statement-breakpoint
CREATE INDEX "biddings_status_idx" ON "biddings" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "biddings_hall_region_idx" ON "biddings" USING btree ("status","province","city","id");--> statement-breakpoint
CREATE INDEX "biddings_deadline_idx" ON "biddings" USING btree ("end_time") WHERE "biddings"."status" = 1;--> statement-breakpoint
CREATE INDEX "rental_order_lines_order_idx" ON "rental_order_lines" USING btree ("order_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "rental_orders_sn_idx" ON "rental_orders" USING btree ("sn");--> statement-breakpoint
CREATE UNIQUE INDEX "rental_orders_offer_idx" ON "rental_orders" USING btree ("offer_id") WHERE "rental_orders"."offer_id" is not null;--> statement-breakpoint
CREATE INDEX "rental_orders_tenant_idx" ON "rental_orders" USING btree ("tenant_company_id","status","id");--> statement-breakpoint
CREATE INDEX "rental_orders_provider_idx" ON "rental_orders" USING btree ("provider_company_id","status","id");--> statement-breakpoint
CREATE INDEX "rental_orders_bidding_idx" ON "rental_orders" USING btree ("bidding_id");