CREATE TABLE "order_contracts" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"tenant_company_id" integer NOT NULL,
	"provider_company_id" integer NOT NULL,
	"sn" varchar(40) NOT NULL,
	"name" varchar(40) NOT NULL,
	"date" date NOT NULL,
	"file" varchar(300) NOT NULL,
	"file_sha256" varchar(64) NOT NULL,
	"signet_id" integer,
	"status" smallint DEFAULT 0 NOT NULL,
	"provider_status" smallint DEFAULT 0 NOT NULL,
	"signed_file" varchar(300),
	"signed_sha256" varchar(64),
	"signed_at" timestamp with time zone,
	"signed_by" integer,
	"signer" varchar(100) DEFAULT '' NOT NULL,
	"voided_at" timestamp with time zone,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "order_contracts_order_idx" ON "order_contracts" USING btree ("order_id","status","id");--> statement-breakpoint
CREATE UNIQUE INDEX "order_contracts_signed_sha_idx" ON "order_contracts" USING btree ("signed_sha256") WHERE "order_contracts"."signed_sha256" is not null;