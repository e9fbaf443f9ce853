CREATE TABLE "invoice_addresses" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" varchar(30) NOT NULL,
	"phone" varchar(11) NOT NULL,
	"province" integer NOT NULL,
	"city" integer NOT NULL,
	"area" integer NOT NULL,
	"address" varchar(100) NOT NULL,
	"remark" varchar(50) DEFAULT '' NOT NULL,
	"is_default" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_profiles" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"type" smallint DEFAULT 1 NOT NULL,
	"address" varchar(200) DEFAULT '' NOT NULL,
	"telphone" varchar(30) DEFAULT '' NOT NULL,
	"bank" varchar(50) DEFAULT '' NOT NULL,
	"bank_no" varchar(32) DEFAULT '' NOT NULL,
	"updated_by" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "invoice_addresses_company_idx" ON "invoice_addresses" USING btree ("company_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_addresses_one_default_uq" ON "invoice_addresses" USING btree ("company_id") WHERE "invoice_addresses"."is_default" = 1;