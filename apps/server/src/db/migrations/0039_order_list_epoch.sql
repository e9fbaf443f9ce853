CREATE TABLE "order_list_epoch" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- Each company's order lists are held per process under the xmin of its row here (order.service listOrdersPage). A
-- transaction that writes an order (or, through the touch of migration 0037, any of its own rows) raises the row of
-- the order's tenant and of its provider once, when it commits: a deferred constraint trigger per written row; a
-- transaction-local list keeps it to one raise per company. Within a row the smaller company id goes first. At commit
-- the writer's own statements are done, so these row locks wait only for other committing writers; a chain action
-- writes one order (under its lock, order.repo lockOrderRow), whose two companies it raises smaller id first, so two
-- such writers never wait for each other in turn. (Only a transaction writing orders of several pairs of companies,
-- the demo's seed, could; it runs alone.)
CREATE FUNCTION "order_list_raise"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  -- ',' and the ids raised, each followed by ','; a setting of an earlier transaction reads '' after its end
  done text := coalesce(nullif(current_setting('jizu.order_list_raised', true), ''), ',');
  c integer;
BEGIN
  FOR c IN SELECT DISTINCT x FROM unnest(CASE TG_OP
      WHEN 'INSERT' THEN ARRAY[NEW."tenant_company_id", NEW."provider_company_id"]
      WHEN 'DELETE' THEN ARRAY[OLD."tenant_company_id", OLD."provider_company_id"]
      ELSE ARRAY[OLD."tenant_company_id", OLD."provider_company_id", NEW."tenant_company_id", NEW."provider_company_id"] END) x ORDER BY x
  LOOP
    IF position(',' || c || ',' IN done) = 0 THEN
      done := done || c || ',';
      INSERT INTO "order_list_epoch" ("company_id", "n") VALUES (c, 1) ON CONFLICT ("company_id") DO UPDATE SET "n" = "order_list_epoch"."n" + 1;
    END IF;
  END LOOP;
  PERFORM set_config('jizu.order_list_raised', done, true);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "rental_orders_list_epoch" AFTER INSERT OR UPDATE OR DELETE ON "rental_orders" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "order_list_raise"();--> statement-breakpoint
-- a TRUNCATE fires no row trigger: it raises every company's version at once
CREATE FUNCTION "order_list_raise_all"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "order_list_epoch" SET "n" = "n" + 1;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "rental_orders_list_epoch_truncate" AFTER TRUNCATE ON "rental_orders" FOR EACH STATEMENT EXECUTE FUNCTION "order_list_raise_all"();
