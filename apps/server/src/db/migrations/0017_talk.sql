CREATE TABLE "inquiries" (
	"id" serial PRIMARY KEY NOT NULL,
	"sn" varchar(32) NOT NULL,
	"to_type" smallint NOT NULL,
	"from_company_id" integer NOT NULL,
	"from_user_id" integer NOT NULL,
	"to_company_id" integer,
	"listing_id" integer,
	"to_phone" varchar(20) DEFAULT '' NOT NULL,
	"number" integer DEFAULT 0 NOT NULL,
	"province" integer NOT NULL,
	"city" integer NOT NULL,
	"area" integer NOT NULL,
	"address" varchar(100) NOT NULL,
	"approach_time" date NOT NULL,
	"schedule" varchar(50) NOT NULL,
	"invoice" smallint DEFAULT 0 NOT NULL,
	"machine_operator" smallint,
	"payment_method" smallint,
	"remark" varchar(100) DEFAULT '' NOT NULL,
	"phone" varchar(20) DEFAULT '' NOT NULL,
	"equips" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "inquiry_responses" (
	"id" serial PRIMARY KEY NOT NULL,
	"inquiry_id" integer NOT NULL,
	"order_no" varchar(32) NOT NULL,
	"product_details" varchar(500) NOT NULL,
	"price" integer NOT NULL,
	"state" smallint DEFAULT 0 NOT NULL,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "favorites" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"company_id" integer,
	"type" smallint NOT NULL,
	"target_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"sn" varchar(32) NOT NULL,
	"user_id" integer NOT NULL,
	"company_id" integer,
	"phone" varchar(20) DEFAULT '' NOT NULL,
	"type" smallint NOT NULL,
	"target_id" integer NOT NULL,
	"report_type" smallint NOT NULL,
	"remarks" varchar(200) NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"result" varchar(200) DEFAULT '' NOT NULL,
	"handler_id" integer,
	"handled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "inquiry_responses" ADD CONSTRAINT "inquiry_responses_inquiry_id_inquiries_id_fk" FOREIGN KEY ("inquiry_id") REFERENCES "public"."inquiries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "inquiries_sn_uq" ON "inquiries" USING btree ("sn");--> statement-breakpoint
CREATE INDEX "inquiries_from_idx" ON "inquiries" USING btree ("from_company_id","to_type","id");--> statement-breakpoint
CREATE INDEX "inquiries_to_idx" ON "inquiries" USING btree ("to_company_id","id");--> statement-breakpoint
CREATE INDEX "inquiries_queue_idx" ON "inquiries" USING btree ("to_type","status","id");--> statement-breakpoint
CREATE UNIQUE INDEX "inquiry_responses_no_uq" ON "inquiry_responses" USING btree ("order_no");--> statement-breakpoint
CREATE INDEX "inquiry_responses_inquiry_idx" ON "inquiry_responses" USING btree ("inquiry_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "favorites_user_target_uq" ON "favorites" USING btree ("user_id","type","target_id");--> statement-breakpoint
CREATE INDEX "favorites_user_idx" ON "favorites" USING btree ("user_id","type","id");--> statement-breakpoint
CREATE INDEX "favorites_target_idx" ON "favorites" USING btree ("type","target_id");--> statement-breakpoint
CREATE UNIQUE INDEX "reports_sn_uq" ON "reports" USING btree ("sn");--> statement-breakpoint
CREATE UNIQUE INDEX "reports_pending_uq" ON "reports" USING btree ("user_id","type","target_id") WHERE "reports"."status" = 0;--> statement-breakpoint
CREATE INDEX "reports_user_idx" ON "reports" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "reports_queue_idx" ON "reports" USING btree ("status","id");