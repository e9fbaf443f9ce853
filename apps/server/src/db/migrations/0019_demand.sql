CREATE TABLE "quick_demands" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"num" integer NOT NULL,
	"time" integer NOT NULL,
	"real" smallint DEFAULT 6 NOT NULL,
	"remark" varchar(200) NOT NULL,
	"province" integer NOT NULL,
	"city" integer NOT NULL,
	"area" integer NOT NULL,
	"address" varchar(50) NOT NULL,
	"lng" double precision,
	"lat" double precision,
	"contacts" varchar(20) DEFAULT '' NOT NULL,
	"tel" varchar(20) DEFAULT '' NOT NULL,
	"state" smallint DEFAULT 0 NOT NULL,
	"no_lease_reason" varchar(200) DEFAULT '' NOT NULL,
	"approved_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "quick_demands_company_idx" ON "quick_demands" USING btree ("company_id","state","id");--> statement-breakpoint
CREATE INDEX "quick_demands_state_idx" ON "quick_demands" USING btree ("state","id");--> statement-breakpoint
CREATE INDEX "quick_demands_hall_idx" ON "quick_demands" USING btree ("state","province","city","id");--> statement-breakpoint
CREATE INDEX "quick_demands_hall_category_idx" ON "quick_demands" USING btree ("state","category_id","id");--> statement-breakpoint
CREATE INDEX "quick_demands_expiry_idx" ON "quick_demands" USING btree ("expires_at") WHERE "quick_demands"."state" = 2;