-- An order's pages are held per process under a mark of the rows they show (modules/order/order.service.ts
-- heldOrderPage, db/held.ts), and the mark of an order's own rows is the xmin of its rental_orders row: a write to one
-- of its lines, contracts, payments, financings, settlements, settlement invoices, machines or timeline events writes a new version of the
-- order's row ("touches" it), in the same transaction (order.service ORDER_TOUCHED_BY). Writers take the order's row
-- lock first (order.service lockOrderRow), so the touch waits for no one and two chain actions on one order cannot
-- deadlock over it.
CREATE FUNCTION "order_touch"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    UPDATE "rental_orders" SET "updated_at" = "updated_at" WHERE "id" = OLD."order_id";
  END IF;
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW."order_id" IS DISTINCT FROM OLD."order_id") THEN
    UPDATE "rental_orders" SET "updated_at" = "updated_at" WHERE "id" = NEW."order_id";
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "rental_order_lines_touch" AFTER INSERT OR UPDATE OR DELETE ON "rental_order_lines" FOR EACH ROW EXECUTE FUNCTION "order_touch"();--> statement-breakpoint
CREATE TRIGGER "order_contracts_touch" AFTER INSERT OR UPDATE OR DELETE ON "order_contracts" FOR EACH ROW EXECUTE FUNCTION "order_touch"();--> statement-breakpoint
CREATE TRIGGER "order_payments_touch" AFTER INSERT OR UPDATE OR DELETE ON "order_payments" FOR EACH ROW EXECUTE FUNCTION "order_touch"();--> statement-breakpoint
CREATE TRIGGER "payment_financings_touch" AFTER INSERT OR UPDATE OR DELETE ON "payment_financings" FOR EACH ROW EXECUTE FUNCTION "order_touch"();
--> statement-breakpoint
CREATE TRIGGER "order_settlements_touch" AFTER INSERT OR UPDATE OR DELETE ON "order_settlements" FOR EACH ROW EXECUTE FUNCTION "order_touch"();--> statement-breakpoint
-- a settlement's invoice names its settlement, not the order
CREATE FUNCTION "order_touch_by_settle"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    UPDATE "rental_orders" SET "updated_at" = "updated_at" WHERE "id" = (SELECT "order_id" FROM "order_settlements" WHERE "id" = OLD."settle_id");
  END IF;
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW."settle_id" IS DISTINCT FROM OLD."settle_id") THEN
    UPDATE "rental_orders" SET "updated_at" = "updated_at" WHERE "id" = (SELECT "order_id" FROM "order_settlements" WHERE "id" = NEW."settle_id");
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "settle_invoices_touch" AFTER INSERT OR UPDATE OR DELETE ON "settle_invoices" FOR EACH ROW EXECUTE FUNCTION "order_touch_by_settle"();
--> statement-breakpoint
CREATE TRIGGER "order_machines_touch" AFTER INSERT OR UPDATE OR DELETE ON "order_machines" FOR EACH ROW EXECUTE FUNCTION "order_touch"();--> statement-breakpoint
-- an event of the order's timeline (audit_events of the entity 'rental_order', order.view AUDIT_ORDER) names the order
CREATE FUNCTION "order_touch_by_event"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD."entity" = 'rental_order' THEN
    UPDATE "rental_orders" SET "updated_at" = "updated_at" WHERE "id" = OLD."entity_id";
  END IF;
  IF TG_OP <> 'DELETE' AND NEW."entity" = 'rental_order' THEN
    UPDATE "rental_orders" SET "updated_at" = "updated_at" WHERE "id" = NEW."entity_id";
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "audit_events_touch_insert" AFTER INSERT ON "audit_events" FOR EACH ROW WHEN (NEW."entity" = 'rental_order') EXECUTE FUNCTION "order_touch_by_event"();--> statement-breakpoint
CREATE TRIGGER "audit_events_touch_update" AFTER UPDATE ON "audit_events" FOR EACH ROW WHEN (OLD."entity" = 'rental_order' OR NEW."entity" = 'rental_order') EXECUTE FUNCTION "order_touch_by_event"();--> statement-breakpoint
CREATE TRIGGER "audit_events_touch_delete" AFTER DELETE ON "audit_events" FOR EACH ROW WHEN (OLD."entity" = 'rental_order') EXECUTE FUNCTION "order_touch_by_event"();
