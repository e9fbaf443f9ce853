CREATE TABLE "job_runs" (
	"name" varchar(100) PRIMARY KEY NOT NULL,
	"next_run_at" timestamp with time zone NOT NULL,
	"last_started_at" timestamp with time zone,
	"last_finished_at" timestamp with time zone,
	"last_owner" varchar(120) DEFAULT '' NOT NULL,
	"last_result" text DEFAULT '' NOT NULL,
	"runs" integer DEFAULT 0 NOT NULL
);
