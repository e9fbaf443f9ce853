CREATE TABLE "machine_inspections" (
	"id" serial PRIMARY KEY NOT NULL,
	"machine_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"kind" smallint NOT NULL,
	"date" date NOT NULL,
	"fuel" smallint,
	"damage" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"ack_status" smallint DEFAULT 0 NOT NULL,
	"ack_note" text DEFAULT '' NOT NULL,
	"ack_by" integer,
	"ack_at" timestamp with time zone,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "machine_inspections_machine_idx" ON "machine_inspections" USING btree ("machine_id","kind");--> statement-breakpoint
CREATE INDEX "machine_inspections_dispute_idx" ON "machine_inspections" USING btree ("order_id","date") WHERE "machine_inspections"."ack_status" = 2;