CREATE TABLE "sandbox_notify" (
	"id" serial PRIMARY KEY NOT NULL,
	"no" varchar(40) NOT NULL,
	"body" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"last_error" varchar(200) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_payment" (
	"id" serial PRIMARY KEY NOT NULL,
	"no" varchar(40) NOT NULL,
	"order_sn" varchar(40) NOT NULL,
	"amount" bigint NOT NULL,
	"trade_no" varchar(64) NOT NULL,
	"paid_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_notify_no_uq" ON "sandbox_notify" USING btree ("no");--> statement-breakpoint
CREATE INDEX "sandbox_notify_due_idx" ON "sandbox_notify" USING btree ("next_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_payment_no_uq" ON "sandbox_payment" USING btree ("no");