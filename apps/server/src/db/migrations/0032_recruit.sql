CREATE TABLE "recruit_phone_views" (
	"id" serial PRIMARY KEY NOT NULL,
	"recruit_id" integer NOT NULL,
	"viewer_id" integer NOT NULL,
	"owner_id" integer NOT NULL,
	"ip" varchar(45) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recruits" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"resume_category" smallint NOT NULL,
	"province" integer NOT NULL,
	"city" integer NOT NULL,
	"area" integer NOT NULL,
	"address" varchar(100) NOT NULL,
	"lng" double precision,
	"lat" double precision,
	"working_days" integer NOT NULL,
	"salary_min" integer DEFAULT 0 NOT NULL,
	"salary_max" integer DEFAULT 0 NOT NULL,
	"negotiation" smallint DEFAULT 2 NOT NULL,
	"content" varchar(200) NOT NULL,
	"audit_status" smallint DEFAULT 1 NOT NULL,
	"audit_reason" varchar(200) DEFAULT '' NOT NULL,
	"region_text" text DEFAULT '' NOT NULL,
	"search_body" text DEFAULT '' NOT NULL,
	"search_grams" integer[] DEFAULT '{}'::int4[] NOT NULL,
	"approved_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "recruit_phone_views_recruit_idx" ON "recruit_phone_views" USING btree ("recruit_id","id");--> statement-breakpoint
CREATE INDEX "recruit_phone_views_viewer_idx" ON "recruit_phone_views" USING btree ("viewer_id","created_at");--> statement-breakpoint
CREATE INDEX "recruit_phone_views_owner_idx" ON "recruit_phone_views" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE INDEX "recruits_company_idx" ON "recruits" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "recruits_company_status_idx" ON "recruits" USING btree ("company_id","audit_status","id");--> statement-breakpoint
CREATE INDEX "recruits_status_idx" ON "recruits" USING btree ("audit_status","id");--> statement-breakpoint
CREATE INDEX "recruits_hall_category_idx" ON "recruits" USING btree ("resume_category","id") WHERE "recruits"."audit_status" = 2::smallint;--> statement-breakpoint
CREATE INDEX "recruits_hall_province_idx" ON "recruits" USING btree ("province","id") WHERE "recruits"."audit_status" = 2::smallint;--> statement-breakpoint
CREATE INDEX "recruits_hall_city_idx" ON "recruits" USING btree ("city","id") WHERE "recruits"."audit_status" = 2::smallint;--> statement-breakpoint
CREATE INDEX "recruits_grams_idx" ON "recruits" USING gin ("search_grams");