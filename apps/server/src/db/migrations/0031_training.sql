CREATE TABLE "training_enrolments" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"major_id" integer NOT NULL,
	"course" varchar(30) NOT NULL,
	"price" bigint NOT NULL,
	"education" varchar(10) NOT NULL,
	"pay_type" varchar(12) NOT NULL,
	"pay_order_sn" varchar(40) DEFAULT '' NOT NULL,
	"state" smallint DEFAULT 0 NOT NULL,
	"name" varchar(30) NOT NULL,
	"card_mask" varchar(18) NOT NULL,
	"sex" varchar(2) DEFAULT '' NOT NULL,
	"age" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "training_majors" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(30) NOT NULL,
	"content" varchar(500) NOT NULL,
	"price" bigint NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"sort" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "training_enrolments" ADD CONSTRAINT "training_enrolments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_enrolments" ADD CONSTRAINT "training_enrolments_major_id_training_majors_id_fk" FOREIGN KEY ("major_id") REFERENCES "public"."training_majors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "training_enrolments_user_major_uq" ON "training_enrolments" USING btree ("user_id","major_id");--> statement-breakpoint
CREATE INDEX "training_enrolments_user_idx" ON "training_enrolments" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "training_enrolments_major_idx" ON "training_enrolments" USING btree ("major_id","id");--> statement-breakpoint
CREATE INDEX "training_enrolments_state_idx" ON "training_enrolments" USING btree ("state","id");--> statement-breakpoint
CREATE UNIQUE INDEX "training_majors_name_uq" ON "training_majors" USING btree ("name");--> statement-breakpoint
CREATE INDEX "training_majors_online_idx" ON "training_majors" USING btree ("sort","id") WHERE "training_majors"."status" = 1;