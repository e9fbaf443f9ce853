CREATE TABLE "rate_counters" (
	"key" varchar(200) NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "rate_counters_key_window_start_pk" PRIMARY KEY("key","window_start")
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" char(64) NOT NULL,
	"user_id" integer NOT NULL,
	"ip" varchar(64) DEFAULT '' NOT NULL,
	"user_agent" varchar(300) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sessions_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "sms_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"phone" varchar(11) NOT NULL,
	"scene" varchar(20) NOT NULL,
	"code_hash" char(64) NOT NULL,
	"ip" varchar(64) DEFAULT '' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"phone" varchar(11) NOT NULL,
	"password_hash" text NOT NULL,
	"username" varchar(50) NOT NULL,
	"avatar" text DEFAULT '' NOT NULL,
	"nick_name_status" smallint DEFAULT 0 NOT NULL,
	"role" varchar(16) DEFAULT 'user' NOT NULL,
	"level" varchar(4) DEFAULT 'A' NOT NULL,
	"profile_type" smallint DEFAULT 1 NOT NULL,
	"peas" bigint DEFAULT 0 NOT NULL,
	"gold" bigint DEFAULT 0 NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"last_login_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_phone_unique" UNIQUE("phone"),
	CONSTRAINT "users_peas_nonneg" CHECK ("users"."peas" >= 0),
	CONSTRAINT "users_gold_nonneg" CHECK ("users"."gold" >= 0)
);
--> statement-breakpoint
CREATE TABLE "companies" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"type" smallint DEFAULT 2 NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"member_type" smallint DEFAULT 2 NOT NULL,
	"regist_no" varchar(50) DEFAULT '' NOT NULL,
	"legal" varchar(50) DEFAULT '' NOT NULL,
	"province" integer,
	"city" integer,
	"area" integer,
	"address" varchar(200) DEFAULT '' NOT NULL,
	"registered_assets" integer,
	"found_date" date,
	"registrant" varchar(50) DEFAULT '' NOT NULL,
	"tel" varchar(20) DEFAULT '' NOT NULL,
	"super" smallint DEFAULT 0 NOT NULL,
	"super_time" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "company_members" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"master" smallint DEFAULT 0 NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"member_name" varchar(50) NOT NULL,
	"remark" varchar(100) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "member_menus" (
	"member_id" integer NOT NULL,
	"menu_id" integer NOT NULL,
	CONSTRAINT "member_menus_member_id_menu_id_pk" PRIMARY KEY("member_id","menu_id")
);
--> statement-breakpoint
CREATE TABLE "equipment_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(50) NOT NULL,
	"icon" varchar(100) DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "equipment_categories_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "equipment_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"category_id" integer NOT NULL,
	"name" varchar(50) NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "equipment_products" (
	"id" serial PRIMARY KEY NOT NULL,
	"group_id" integer NOT NULL,
	"name" varchar(50) NOT NULL,
	"is_other" boolean DEFAULT false NOT NULL,
	"params" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"attributes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"units" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "regions" (
	"id" integer PRIMARY KEY NOT NULL,
	"parent_id" integer NOT NULL,
	"name" varchar(50) NOT NULL,
	"level" smallint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "uploads" (
	"id" serial PRIMARY KEY NOT NULL,
	"path" varchar(200) NOT NULL,
	"kind" varchar(20) NOT NULL,
	"md5" char(32) NOT NULL,
	"source_md5" char(32) NOT NULL,
	"mime" varchar(60) NOT NULL,
	"size" integer NOT NULL,
	"width" integer,
	"height" integer,
	"original_name" varchar(200) DEFAULT '' NOT NULL,
	"user_id" integer NOT NULL,
	"company_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "uploads_path_unique" UNIQUE("path")
);
--> statement-breakpoint
CREATE TABLE "cs_staff" (
	"id" serial PRIMARY KEY NOT NULL,
	"sn" varchar(20) NOT NULL,
	"name" varchar(50) NOT NULL,
	"phone" varchar(20) NOT NULL,
	"img_qrcode" varchar(200) DEFAULT '' NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cs_staff_sn_unique" UNIQUE("sn")
);
--> statement-breakpoint
CREATE TABLE "user_staff" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"staff_id" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notices" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" varchar(100) NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"send_time" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_members" ADD CONSTRAINT "company_members_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_members" ADD CONSTRAINT "company_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_menus" ADD CONSTRAINT "member_menus_member_id_company_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."company_members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "equipment_groups" ADD CONSTRAINT "equipment_groups_category_id_equipment_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."equipment_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "equipment_products" ADD CONSTRAINT "equipment_products_group_id_equipment_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."equipment_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_staff" ADD CONSTRAINT "user_staff_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_staff" ADD CONSTRAINT "user_staff_staff_id_cs_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."cs_staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rate_counters_expires_idx" ON "rate_counters" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sms_codes_phone_idx" ON "sms_codes" USING btree ("phone","created_at");--> statement-breakpoint
CREATE INDEX "sms_codes_ip_idx" ON "sms_codes" USING btree ("ip","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "company_members_user_uq" ON "company_members" USING btree ("company_id","user_id") WHERE "company_members"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "company_members_name_uq" ON "company_members" USING btree ("company_id","member_name") WHERE "company_members"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "company_members_user_idx" ON "company_members" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "equipment_groups_category_idx" ON "equipment_groups" USING btree ("category_id","sort");--> statement-breakpoint
CREATE INDEX "equipment_products_group_idx" ON "equipment_products" USING btree ("group_id","sort");--> statement-breakpoint
CREATE INDEX "regions_parent_idx" ON "regions" USING btree ("parent_id","id");--> statement-breakpoint
CREATE INDEX "uploads_md5_idx" ON "uploads" USING btree ("md5");--> statement-breakpoint
CREATE INDEX "uploads_source_md5_idx" ON "uploads" USING btree ("source_md5");--> statement-breakpoint
CREATE INDEX "uploads_user_idx" ON "uploads" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "notices_send_idx" ON "notices" USING btree ("status","send_time");