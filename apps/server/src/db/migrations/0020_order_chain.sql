ALTER TABLE "companies" ADD COLUMN "finance" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "rental_order_lines" ADD COLUMN "orig_enter_date" date;--> statement-breakpoint
ALTER TABLE "rental_orders" ADD COLUMN "return_reason" varchar(50) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "rental_orders" ADD COLUMN "inv_type" smallint;--> statement-breakpoint
ALTER TABLE "rental_orders" ADD COLUMN "inv_title" varchar(100) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "rental_orders" ADD COLUMN "inv_no" varchar(30) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "rental_orders" ADD COLUMN "inv_address" varchar(100) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "rental_orders" ADD COLUMN "inv_tel" varchar(30) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "rental_orders" ADD COLUMN "inv_bank" varchar(50) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "rental_orders" ADD COLUMN "inv_bank_no" varchar(200) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "rental_orders" ADD COLUMN "rcv_name" varchar(30) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "rental_orders" ADD COLUMN "rcv_phone" varchar(20) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "rental_orders" ADD COLUMN "rcv_province" integer;--> statement-breakpoint
ALTER TABLE "rental_orders" ADD COLUMN "rcv_city" integer;--> statement-breakpoint
ALTER TABLE "rental_orders" ADD COLUMN "rcv_area" integer;--> statement-breakpoint
ALTER TABLE "rental_orders" ADD COLUMN "rcv_address" varchar(100) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "rental_orders" ADD COLUMN "rcv_remark" varchar(100) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "rental_orders" ADD COLUMN "payee_bank" varchar(50) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "rental_orders" ADD COLUMN "payee_bank_no" varchar(200) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "rental_orders" ADD COLUMN "finance_agreed" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "rental_orders" ADD COLUMN "submitted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "rental_orders" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "rental_orders" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "rental_orders_provider_seen_idx" ON "rental_orders" USING btree ("provider_company_id","id") WHERE "rental_orders"."submitted_at" is not null;