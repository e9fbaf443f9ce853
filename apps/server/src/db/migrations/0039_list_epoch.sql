CREATE TABLE "list_epoch" (
	"list" varchar(16) NOT NULL,
	"company_id" integer NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "list_epoch_list_company_id_pk" PRIMARY KEY("list","company_id")
);
--> statement-breakpoint
-- A company's lists (its order lists: `list` 'order') are held per process under the xmin of its row here
-- (order.service listOrdersPage). A transaction that writes an order (or, through the touch of migration 0037, any of
-- its own rows) raises the rows of the order's tenant and provider once each, when it commits:
-- - as it writes, a row trigger notes the companies in a transaction-local list (list_epoch_note);
-- - at commit, the first deferred trigger raises every noted row, sorted by list and company (list_epoch_flush).
-- At commit the writer's own statements are done, so these row locks wait only for other committing writers, and since
-- every writer takes them in the same order (however many orders it wrote, the bidding's createOrders writes several),
-- no two wait for each other in turn.
CREATE FUNCTION "list_epoch_note"("list" text, "ids" integer[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  -- 'list:company,' for each row to raise; a setting of an earlier transaction reads '' after its end
  pending text := coalesce(current_setting('jizu.list_pending', true), '');
  c integer;
BEGIN
  FOREACH c IN ARRAY ids LOOP
    IF c IS NOT NULL AND position(',' || list || ':' || c || ',' IN ',' || pending) = 0 THEN
      pending := pending || list || ':' || c || ',';
    END IF;
  END LOOP;
  PERFORM set_config('jizu.list_pending', pending, true);
END $$;--> statement-breakpoint
CREATE FUNCTION "list_epoch_flush"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  pending text := coalesce(current_setting('jizu.list_pending', true), '');
  k record;
BEGIN
  IF pending <> '' THEN
    PERFORM set_config('jizu.list_pending', '', true);
    FOR k IN SELECT split_part(e, ':', 1) AS list, split_part(e, ':', 2)::integer AS company_id FROM unnest(string_to_array(rtrim(pending, ','), ',')) e ORDER BY 1, 2 LOOP
      INSERT INTO "list_epoch" ("list", "company_id", "n") VALUES (k.list, k.company_id, 1) ON CONFLICT ("list", "company_id") DO UPDATE SET "n" = "list_epoch"."n" + 1;
    END LOOP;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "rental_orders_list_note"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM list_epoch_note('order', ARRAY[OLD."tenant_company_id", OLD."provider_company_id"]);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM list_epoch_note('order', ARRAY[NEW."tenant_company_id", NEW."provider_company_id"]);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "rental_orders_list_note" AFTER INSERT OR UPDATE OR DELETE ON "rental_orders" FOR EACH ROW EXECUTE FUNCTION "rental_orders_list_note"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "rental_orders_list_flush" AFTER INSERT OR UPDATE OR DELETE ON "rental_orders" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "list_epoch_flush"();--> statement-breakpoint
-- a TRUNCATE fires no row trigger: it raises every company's order lists at once
CREATE FUNCTION "rental_orders_list_raise_all"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "list_epoch" SET "n" = "n" + 1 WHERE "list" = 'order';
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "rental_orders_list_truncate" AFTER TRUNCATE ON "rental_orders" FOR EACH STATEMENT EXECUTE FUNCTION "rental_orders_list_raise_all"();
