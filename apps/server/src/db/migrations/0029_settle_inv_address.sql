ALTER TABLE "order_settlements" ADD COLUMN "rcv_name" varchar(30) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_settlements" ADD COLUMN "rcv_phone" varchar(20) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_settlements" ADD COLUMN "rcv_province" integer;--> statement-breakpoint
ALTER TABLE "order_settlements" ADD COLUMN "rcv_city" integer;--> statement-breakpoint
ALTER TABLE "order_settlements" ADD COLUMN "rcv_area" integer;--> statement-breakpoint
ALTER TABLE "order_settlements" ADD COLUMN "rcv_address" varchar(100) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_settlements" ADD COLUMN "rcv_remark" varchar(100) DEFAULT '' NOT NULL;