CREATE TABLE "bank_cards" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" varchar(50) NOT NULL,
	"no" varchar(32) NOT NULL,
	"remark" varchar(50) DEFAULT '' NOT NULL,
	"is_default" smallint DEFAULT 0 NOT NULL,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "bank_cards_company_idx" ON "bank_cards" USING btree ("company_id","id") WHERE "bank_cards"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "bank_cards_one_default_uq" ON "bank_cards" USING btree ("company_id") WHERE "bank_cards"."is_default" = 1 and "bank_cards"."deleted_at" is null;