CREATE TABLE "job_card_certs" (
	"id" serial PRIMARY KEY NOT NULL,
	"card_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"name" varchar(15) NOT NULL,
	"img" varchar(200) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_card_experiences" (
	"id" serial PRIMARY KEY NOT NULL,
	"card_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"name" varchar(20) NOT NULL,
	"address" varchar(20) NOT NULL,
	"img" varchar(200) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_card_hall" (
	"category_id" integer NOT NULL,
	"card_id" integer NOT NULL,
	"province" integer NOT NULL,
	"city" integer NOT NULL,
	CONSTRAINT "job_card_hall_category_id_card_id_pk" PRIMARY KEY("category_id","card_id")
);
--> statement-breakpoint
CREATE TABLE "job_cards" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"categories" integer[] NOT NULL,
	"driving_age" smallint NOT NULL,
	"content" varchar(200) NOT NULL,
	"province" integer NOT NULL,
	"city" integer NOT NULL,
	"area" integer NOT NULL,
	"address" varchar(100) NOT NULL,
	"lng" double precision,
	"lat" double precision,
	"status" smallint DEFAULT 1 NOT NULL,
	"audit_reason" varchar(200) DEFAULT '' NOT NULL,
	"search_body" text DEFAULT '' NOT NULL,
	"search_grams" integer[] DEFAULT '{}'::int4[] NOT NULL,
	"approved_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "labour_comments" (
	"id" serial PRIMARY KEY NOT NULL,
	"target_type" varchar(10) NOT NULL,
	"target_id" integer NOT NULL,
	"target_owner_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"content" varchar(200) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "labour_counters" (
	"target_type" varchar(10) NOT NULL,
	"target_id" integer NOT NULL,
	"browse_num" integer DEFAULT 0 NOT NULL,
	"comment_num" integer DEFAULT 0 NOT NULL,
	"like_num" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "labour_counters_target_type_target_id_pk" PRIMARY KEY("target_type","target_id")
);
--> statement-breakpoint
CREATE TABLE "labour_likes" (
	"target_type" varchar(10) NOT NULL,
	"target_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "labour_likes_target_type_target_id_user_id_pk" PRIMARY KEY("target_type","target_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "labour_phone_views" (
	"id" serial PRIMARY KEY NOT NULL,
	"target_type" varchar(10) NOT NULL,
	"target_id" integer NOT NULL,
	"viewer_id" integer NOT NULL,
	"ip" varchar(45) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "labour_views" (
	"target_type" varchar(10) NOT NULL,
	"target_id" integer NOT NULL,
	"day" date NOT NULL,
	"viewer" varchar(40) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "labour_views_target_type_target_id_day_viewer_pk" PRIMARY KEY("target_type","target_id","day","viewer")
);
--> statement-breakpoint
ALTER TABLE "job_card_certs" ADD CONSTRAINT "job_card_certs_card_id_job_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."job_cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_card_experiences" ADD CONSTRAINT "job_card_experiences_card_id_job_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."job_cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "job_card_certs_card_idx" ON "job_card_certs" USING btree ("card_id","position");--> statement-breakpoint
CREATE INDEX "job_card_experiences_card_idx" ON "job_card_experiences" USING btree ("card_id","position");--> statement-breakpoint
CREATE INDEX "job_card_hall_card_idx" ON "job_card_hall" USING btree ("card_id");--> statement-breakpoint
CREATE INDEX "job_card_hall_province_idx" ON "job_card_hall" USING btree ("category_id","province","card_id");--> statement-breakpoint
CREATE INDEX "job_card_hall_city_idx" ON "job_card_hall" USING btree ("category_id","city","card_id");--> statement-breakpoint
CREATE UNIQUE INDEX "job_cards_one_live_idx" ON "job_cards" USING btree ("user_id") WHERE "job_cards"."status" in (1, 2, 5);--> statement-breakpoint
CREATE INDEX "job_cards_user_idx" ON "job_cards" USING btree ("user_id","status","id");--> statement-breakpoint
CREATE INDEX "job_cards_status_idx" ON "job_cards" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "job_cards_grams_idx" ON "job_cards" USING gin ("search_grams");--> statement-breakpoint
CREATE INDEX "job_cards_categories_idx" ON "job_cards" USING gin ("categories");--> statement-breakpoint
CREATE INDEX "job_cards_hall_idx" ON "job_cards" USING btree ("id") WHERE "job_cards"."status" = 2::smallint;--> statement-breakpoint
CREATE INDEX "job_cards_hall_province_idx" ON "job_cards" USING btree ("province","id") WHERE "job_cards"."status" = 2::smallint;--> statement-breakpoint
CREATE INDEX "job_cards_hall_city_idx" ON "job_cards" USING btree ("city","id") WHERE "job_cards"."status" = 2::smallint;--> statement-breakpoint
CREATE INDEX "labour_comments_target_idx" ON "labour_comments" USING btree ("target_type","target_id","id");--> statement-breakpoint
CREATE INDEX "labour_comments_owner_idx" ON "labour_comments" USING btree ("target_owner_id","id");--> statement-breakpoint
CREATE INDEX "labour_comments_user_idx" ON "labour_comments" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "labour_comments_type_idx" ON "labour_comments" USING btree ("target_type","id");--> statement-breakpoint
CREATE INDEX "labour_phone_views_viewer_idx" ON "labour_phone_views" USING btree ("viewer_id","target_type","target_id","created_at");--> statement-breakpoint
CREATE INDEX "labour_phone_views_target_idx" ON "labour_phone_views" USING btree ("target_type","target_id","id");