CREATE TABLE "system_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"title" varchar(100) NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"open" smallint DEFAULT 0 NOT NULL,
	"kind" varchar(30) DEFAULT '' NOT NULL,
	"send_time" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "advanced_auths" (
	"id" serial PRIMARY KEY NOT NULL,
	"no" varchar(40) NOT NULL,
	"company_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"provider" varchar(20) NOT NULL,
	"state" varchar(10) DEFAULT 'WAITING' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "advanced_auths_no_unique" UNIQUE("no")
);
--> statement-breakpoint
CREATE TABLE "company_auths" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"name" varchar(100) NOT NULL,
	"regist_no" varchar(18) NOT NULL,
	"legal" varchar(30) NOT NULL,
	"province" integer NOT NULL,
	"city" integer NOT NULL,
	"area" integer NOT NULL,
	"address" varchar(200) NOT NULL,
	"registered_assets" integer NOT NULL,
	"found_date" date NOT NULL,
	"charter" varchar(300) NOT NULL,
	"registrant" varchar(30) NOT NULL,
	"card" varchar(18) NOT NULL,
	"card_face" varchar(300) NOT NULL,
	"card_back" varchar(300) NOT NULL,
	"certificate" varchar(300) NOT NULL,
	"tel" varchar(11) NOT NULL,
	"status" smallint DEFAULT 3 NOT NULL,
	"reason" varchar(200) DEFAULT '' NOT NULL,
	"reviewer_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "person_auths" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"name" varchar(30) NOT NULL,
	"card" varchar(18) NOT NULL,
	"card_face" varchar(300) NOT NULL,
	"card_back" varchar(300) NOT NULL,
	"status" smallint DEFAULT 3 NOT NULL,
	"reason" varchar(200) DEFAULT '' NOT NULL,
	"reviewer_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "system_messages" ADD CONSTRAINT "system_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "advanced_auths" ADD CONSTRAINT "advanced_auths_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "advanced_auths" ADD CONSTRAINT "advanced_auths_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_auths" ADD CONSTRAINT "company_auths_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_auths" ADD CONSTRAINT "company_auths_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_auths" ADD CONSTRAINT "company_auths_reviewer_id_users_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "person_auths" ADD CONSTRAINT "person_auths_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "person_auths" ADD CONSTRAINT "person_auths_reviewer_id_users_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "system_messages_inbox_idx" ON "system_messages" USING btree ("user_id","open","id");--> statement-breakpoint
CREATE INDEX "advanced_auths_company_idx" ON "advanced_auths" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "company_auths_company_idx" ON "company_auths" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "company_auths_queue_idx" ON "company_auths" USING btree ("status","id");--> statement-breakpoint
CREATE UNIQUE INDEX "company_auths_pending_uq" ON "company_auths" USING btree ("company_id") WHERE "company_auths"."status" = 3;--> statement-breakpoint
CREATE UNIQUE INDEX "company_auths_regist_uq" ON "company_auths" USING btree ("regist_no") WHERE "company_auths"."status" = 1;--> statement-breakpoint
CREATE INDEX "person_auths_user_idx" ON "person_auths" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "person_auths_queue_idx" ON "person_auths" USING btree ("status","id");--> statement-breakpoint
CREATE UNIQUE INDEX "person_auths_pending_uq" ON "person_auths" USING btree ("user_id") WHERE "person_auths"."status" = 3;--> statement-breakpoint
CREATE UNIQUE INDEX "person_auths_card_uq" ON "person_auths" USING btree ("card") WHERE "person_auths"."status" = 1;