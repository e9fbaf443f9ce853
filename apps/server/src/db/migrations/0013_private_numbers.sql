DROP INDEX "person_auths_card_uq";--> statement-breakpoint
ALTER TABLE "bank_cards" ALTER COLUMN "no" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "invoice_profiles" ALTER COLUMN "bank_no" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "invoice_profiles" ALTER COLUMN "bank_no" SET DEFAULT '';--> statement-breakpoint
ALTER TABLE "company_auths" ALTER COLUMN "card" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "person_auths" ALTER COLUMN "card" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "bank_cards" ADD COLUMN "no_index" varchar(64);--> statement-breakpoint
ALTER TABLE "company_auths" ADD COLUMN "card_mask" varchar(18);--> statement-breakpoint
ALTER TABLE "person_auths" ADD COLUMN "card_index" varchar(64);--> statement-breakpoint
ALTER TABLE "person_auths" ADD COLUMN "card_mask" varchar(18);--> statement-breakpoint
CREATE UNIQUE INDEX "person_auths_card_uq" ON "person_auths" USING btree ("card_index") WHERE "person_auths"."status" = 1;