CREATE TABLE "market_epoch" (
	"id" smallint PRIMARY KEY NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL
);--> statement-breakpoint
INSERT INTO "market_epoch" ("id", "n") VALUES (1, 0);--> statement-breakpoint
-- The market's read model raises market_epoch once per writing transaction, when it commits: a deferred constraint
-- trigger per written row, of which the first of the transaction raises it and the others only see the flag. At commit
-- the writer's own statements are done, so the row lock waits only for another committing writer (no deadlock). The
-- market's pages are held per process under this row's xmin (market.service searchMarketJson).
CREATE FUNCTION "market_epoch_raise"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('jizu.market_raised', true) IS DISTINCT FROM '1' THEN
    PERFORM set_config('jizu.market_raised', '1', true);
    UPDATE "market_epoch" SET "n" = "n" + 1 WHERE "id" = 1;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "market_listings_epoch" AFTER INSERT OR UPDATE OR DELETE ON "market_listings" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "market_epoch_raise"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "market_pairs_epoch" AFTER INSERT OR UPDATE OR DELETE ON "market_pairs" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "market_epoch_raise"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "market_cards_epoch" AFTER INSERT OR UPDATE OR DELETE ON "market_cards" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "market_epoch_raise"();--> statement-breakpoint
-- a TRUNCATE fires no row trigger: it raises the version at once
CREATE FUNCTION "market_epoch_raise_now"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "market_epoch" SET "n" = "n" + 1 WHERE "id" = 1;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "market_listings_epoch_truncate" AFTER TRUNCATE ON "market_listings" FOR EACH STATEMENT EXECUTE FUNCTION "market_epoch_raise_now"();--> statement-breakpoint
CREATE TRIGGER "market_pairs_epoch_truncate" AFTER TRUNCATE ON "market_pairs" FOR EACH STATEMENT EXECUTE FUNCTION "market_epoch_raise_now"();--> statement-breakpoint
CREATE TRIGGER "market_cards_epoch_truncate" AFTER TRUNCATE ON "market_cards" FOR EACH STATEMENT EXECUTE FUNCTION "market_epoch_raise_now"();
