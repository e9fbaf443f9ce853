CREATE TABLE "order_settlements" (
	"id" serial PRIMARY KEY NOT NULL,
	"sn" varchar(32) NOT NULL,
	"order_id" integer NOT NULL,
	"tenant_company_id" integer NOT NULL,
	"provider_company_id" integer NOT NULL,
	"settle_sn" varchar(40) NOT NULL,
	"month" varchar(7) NOT NULL,
	"date" date NOT NULL,
	"tax_total" integer NOT NULL,
	"draft_total" integer DEFAULT 0 NOT NULL,
	"reason" varchar(200) DEFAULT '' NOT NULL,
	"ser_ratio_bp" integer NOT NULL,
	"ser_total" integer NOT NULL,
	"provider_total" integer NOT NULL,
	"attachment" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"lessor_affirm" smallint DEFAULT 0 NOT NULL,
	"provider_affirm" smallint DEFAULT 0 NOT NULL,
	"inv_state" smallint DEFAULT 0 NOT NULL,
	"le_state" smallint DEFAULT 0 NOT NULL,
	"le_inv_no" varchar(20) DEFAULT '' NOT NULL,
	"le_inv_date" date,
	"confirmed_at" timestamp with time zone,
	"invoiced_at" timestamp with time zone,
	"issued_at" timestamp with time zone,
	"received_at" timestamp with time zone,
	"voided_at" timestamp with time zone,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "settle_invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"settle_id" integer NOT NULL,
	"invoice_type" smallint NOT NULL,
	"inv_id" varchar(12) NOT NULL,
	"inv_no" varchar(8) NOT NULL,
	"inv_date" date NOT NULL,
	"inv_amount" integer DEFAULT 0 NOT NULL,
	"tax_rate" smallint DEFAULT 0 NOT NULL,
	"inv_tax_amount" integer NOT NULL,
	"verify_no" varchar(6) DEFAULT '' NOT NULL,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "order_settlements_sn_idx" ON "order_settlements" USING btree ("sn");--> statement-breakpoint
CREATE INDEX "order_settlements_order_idx" ON "order_settlements" USING btree ("order_id","status","id");--> statement-breakpoint
CREATE INDEX "order_settlements_issue_idx" ON "order_settlements" USING btree ("id") WHERE "order_settlements"."status" = 1 and "order_settlements"."inv_state" = 1 and "order_settlements"."le_state" = 0;--> statement-breakpoint
CREATE INDEX "settle_invoices_settle_idx" ON "settle_invoices" USING btree ("settle_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "settle_invoices_number_idx" ON "settle_invoices" USING btree ("inv_id","inv_no");