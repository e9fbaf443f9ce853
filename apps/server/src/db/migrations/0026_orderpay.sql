CREATE TABLE "order_payment_flows" (
	"id" serial PRIMARY KEY NOT NULL,
	"payment_id" integer NOT NULL,
	"kind" varchar(16) NOT NULL,
	"amount" integer NOT NULL,
	"biz_key" varchar(64) NOT NULL,
	"paid_date" date NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"sn" varchar(32) NOT NULL,
	"order_id" integer NOT NULL,
	"settle_id" integer NOT NULL,
	"settle_sn" varchar(40) NOT NULL,
	"month" varchar(7) NOT NULL,
	"tenant_company_id" integer NOT NULL,
	"provider_company_id" integer NOT NULL,
	"pay_amount" integer NOT NULL,
	"provider_amount" integer NOT NULL,
	"tenant_paid" integer DEFAULT 0 NOT NULL,
	"provider_paid" integer DEFAULT 0 NOT NULL,
	"provider_received" integer DEFAULT 0 NOT NULL,
	"cash_date" date NOT NULL,
	"claim_no" varchar(32) DEFAULT '' NOT NULL,
	"state" smallint DEFAULT 1 NOT NULL,
	"reason" varchar(100) DEFAULT '' NOT NULL,
	"signed_at" timestamp with time zone,
	"signed_by" integer,
	"done_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_financings" (
	"id" serial PRIMARY KEY NOT NULL,
	"payment_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"provider_company_id" integer NOT NULL,
	"order_no" varchar(40) NOT NULL,
	"apply_amount" integer NOT NULL,
	"rate_bp" integer NOT NULL,
	"interest" integer NOT NULL,
	"real_pay_amount" integer DEFAULT 0 NOT NULL,
	"pay_date" date,
	"status" smallint DEFAULT 4 NOT NULL,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "order_payment_flows_key_idx" ON "order_payment_flows" USING btree ("biz_key");--> statement-breakpoint
CREATE INDEX "order_payment_flows_payment_idx" ON "order_payment_flows" USING btree ("payment_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "order_payments_sn_idx" ON "order_payments" USING btree ("sn");--> statement-breakpoint
CREATE UNIQUE INDEX "order_payments_settle_idx" ON "order_payments" USING btree ("settle_id");--> statement-breakpoint
CREATE INDEX "order_payments_order_idx" ON "order_payments" USING btree ("order_id","state","id");--> statement-breakpoint
CREATE INDEX "order_payments_provider_idx" ON "order_payments" USING btree ("provider_company_id","state");--> statement-breakpoint
CREATE INDEX "order_payments_tenant_idx" ON "order_payments" USING btree ("tenant_company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_financings_no_idx" ON "payment_financings" USING btree ("order_no");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_financings_live_idx" ON "payment_financings" USING btree ("payment_id") WHERE "payment_financings"."status" in (4, 5);--> statement-breakpoint
CREATE INDEX "payment_financings_order_idx" ON "payment_financings" USING btree ("order_id","id");