CREATE TABLE "upload_shares" (
	"path" varchar(200) NOT NULL,
	"company_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "upload_shares_path_company_id_pk" PRIMARY KEY("path","company_id")
);
--> statement-breakpoint
CREATE TABLE "order_machines" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"provider_company_id" integer NOT NULL,
	"listing_id" integer NOT NULL,
	"enter_date" date NOT NULL,
	"exit_date" date,
	"status" smallint DEFAULT 0 NOT NULL,
	"enter_hours" integer,
	"exit_hours" integer,
	"enter_photos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"exit_photos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "order_machines_order_idx" ON "order_machines" USING btree ("order_id","status","id") WHERE "order_machines"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "order_machines_busy_idx" ON "order_machines" USING btree ("listing_id") WHERE "order_machines"."status" = 0 and "order_machines"."deleted_at" is null;