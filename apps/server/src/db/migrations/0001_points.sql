CREATE TABLE "point_ledger" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"currency" varchar(4) NOT NULL,
	"type" smallint NOT NULL,
	"change" bigint NOT NULL,
	"balance" bigint NOT NULL,
	"source_amount" bigint,
	"source_sn" varchar(40) DEFAULT '' NOT NULL,
	"remark" varchar(200) DEFAULT '' NOT NULL,
	"biz_key" varchar(80) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "point_ledger_biz_uq" ON "point_ledger" USING btree ("user_id","currency","biz_key");--> statement-breakpoint
CREATE INDEX "point_ledger_list_idx" ON "point_ledger" USING btree ("user_id","currency","created_at","id");--> statement-breakpoint
CREATE INDEX "point_ledger_type_idx" ON "point_ledger" USING btree ("user_id","currency","type","created_at");