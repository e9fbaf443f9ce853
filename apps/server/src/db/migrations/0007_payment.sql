CREATE TABLE "coin_package" (
	"id" serial PRIMARY KEY NOT NULL,
	"amount" bigint NOT NULL,
	"value" integer NOT NULL,
	"give" integer DEFAULT 0 NOT NULL,
	"sort" smallint DEFAULT 0 NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "coin_setting" (
	"id" smallint PRIMARY KEY NOT NULL,
	"gold_avg" integer NOT NULL,
	"gold_peas" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pay_attempt" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"no" varchar(40) NOT NULL,
	"channel" varchar(16) NOT NULL,
	"pay_type" varchar(12) NOT NULL,
	"code_url" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pay_notify_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"channel" varchar(16) NOT NULL,
	"order_sn" varchar(40) DEFAULT '' NOT NULL,
	"sign_ok" boolean NOT NULL,
	"result" varchar(12) NOT NULL,
	"body" text NOT NULL,
	"ip" varchar(64) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pay_order" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_sn" varchar(40) NOT NULL,
	"kind" varchar(12) NOT NULL,
	"user_id" integer NOT NULL,
	"company_id" integer,
	"subject" varchar(60) NOT NULL,
	"amount" bigint NOT NULL,
	"pay_type" varchar(12) NOT NULL,
	"state" varchar(8) DEFAULT 'WAITING' NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"trade_no" varchar(64) DEFAULT '' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_grant" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "member_grant_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"order_sn" varchar(40) NOT NULL,
	"level" varchar(4) NOT NULL,
	"mode" varchar(8) NOT NULL,
	"amount" bigint NOT NULL,
	"begins_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"credit_days" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_plan" (
	"level" varchar(4) PRIMARY KEY NOT NULL,
	"name" varchar(20) NOT NULL,
	"price" bigint NOT NULL,
	"days" integer DEFAULT 365 NOT NULL,
	"benefits" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"for_sale" smallint DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "membership" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"level" varchar(4) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pay_attempt" ADD CONSTRAINT "pay_attempt_order_id_pay_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."pay_order"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pay_attempt_no_uq" ON "pay_attempt" USING btree ("no");--> statement-breakpoint
CREATE INDEX "pay_attempt_order_idx" ON "pay_attempt" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "pay_notify_sn_idx" ON "pay_notify_log" USING btree ("order_sn");--> statement-breakpoint
CREATE UNIQUE INDEX "pay_order_sn_uq" ON "pay_order" USING btree ("order_sn");--> statement-breakpoint
CREATE INDEX "pay_order_user_idx" ON "pay_order" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "pay_order_waiting_idx" ON "pay_order" USING btree ("state","expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "member_grant_sn_uq" ON "member_grant" USING btree ("order_sn");--> statement-breakpoint
CREATE INDEX "member_grant_user_idx" ON "member_grant" USING btree ("user_id","created_at");