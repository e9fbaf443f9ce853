ALTER TABLE "advanced_auths" ADD COLUMN "url" varchar(500) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "advanced_auths" ADD COLUMN "reason" varchar(200) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "advanced_auths" ADD COLUMN "expires_at" timestamp with time zone DEFAULT now() NOT NULL;