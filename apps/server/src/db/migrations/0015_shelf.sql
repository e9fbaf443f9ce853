CREATE TABLE "right_binding" (
	"grant_id" integer PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"listing_id" integer NOT NULL,
	"project_id" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
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
CREATE UNIQUE INDEX "shelf_orders_sn_uq" ON "shelf_orders" USING btree ("sn");--> statement-breakpoint
CREATE UNIQUE INDEX "shelf_orders_pay_uq" ON "shelf_orders" USING btree ("pay_order_sn");--> statement-breakpoint
CREATE INDEX "shelf_orders_company_idx" ON "shelf_orders" USING btree ("company_id","status","id") WHERE "shelf_orders"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "shelf_orders_queue_idx" ON "shelf_orders" USING btree ("status","id") WHERE "shelf_orders"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "shelves_sn_uq" ON "shelves" USING btree ("sn");--> statement-breakpoint
CREATE INDEX "shelves_company_idx" ON "shelves" USING btree ("company_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "shelves_listing_uq" ON "shelves" USING btree ("listing_id") WHERE "shelves"."listing_id" is not null;--> statement-breakpoint
CREATE INDEX "shelves_public_idx" ON "shelves" USING btree ("state","finish_time");