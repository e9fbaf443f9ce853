CREATE TABLE "order_reviews" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"order_sn" varchar(32) NOT NULL,
	"side" smallint NOT NULL,
	"author_company_id" integer NOT NULL,
	"author_user_id" integer NOT NULL,
	"target_company_id" integer NOT NULL,
	"author_name" varchar(100) NOT NULL,
	"target_name" varchar(100) NOT NULL,
	"score1" smallint NOT NULL,
	"score2" smallint NOT NULL,
	"score3" smallint,
	"content" varchar(200) DEFAULT '' NOT NULL,
	"publish_at" timestamp with time zone NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"hide_reason" varchar(100) DEFAULT '' NOT NULL,
	"hidden_by" integer,
	"hidden_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "rental_orders" ADD COLUMN "completed_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "order_reviews_order_side_uq" ON "order_reviews" USING btree ("order_id","side");--> statement-breakpoint
CREATE INDEX "order_reviews_target_idx" ON "order_reviews" USING btree ("target_company_id","side","id") WHERE "order_reviews"."status" = 0;--> statement-breakpoint
CREATE INDEX "order_reviews_status_idx" ON "order_reviews" USING btree ("status","id");