CREATE TABLE "seals" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" varchar(40) NOT NULL,
	"remark" varchar(20) DEFAULT '' NOT NULL,
	"image" varchar(300) NOT NULL,
	"status" smallint DEFAULT 1000 NOT NULL,
	"reason" varchar(200) DEFAULT '' NOT NULL,
	"created_by" integer NOT NULL,
	"reviewer_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_at" timestamp with time zone,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "seals_company_idx" ON "seals" USING btree ("company_id","id") WHERE "seals"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "seals_queue_idx" ON "seals" USING btree ("status","id") WHERE "seals"."deleted_at" is null;