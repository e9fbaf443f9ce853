ALTER TABLE "membership" ADD COLUMN "reminded_for" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "membership_expires_idx" ON "membership" USING btree ("expires_at");