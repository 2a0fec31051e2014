CREATE TABLE "sales_day_products" (
	"day" date NOT NULL,
	"product_id" uuid,
	"gone" text,
	"units" bigint NOT NULL,
	"sales" numeric(14, 2) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sales_days" (
	"day" date PRIMARY KEY NOT NULL,
	"orders" integer NOT NULL,
	"units" bigint NOT NULL,
	"gross" numeric(14, 2) NOT NULL
);
--> statement-breakpoint
CREATE INDEX "sales_day_products_day_idx" ON "sales_day_products" USING btree ("day");--> statement-breakpoint
CREATE INDEX "product_stock_low_idx" ON "product_stock" USING btree ("quantity") WHERE "product_stock"."quantity" <= 5;--> statement-breakpoint
CREATE INDEX "subscribers_confirmed_idx" ON "subscribers" USING btree ("confirmed_at");--> statement-breakpoint
CREATE INDEX "order_items_to_pay_idx" ON "order_items" USING btree ("order_id") WHERE "order_items"."status" = 'toPay';--> statement-breakpoint
CREATE INDEX "orders_not_paid_idx" ON "orders" USING btree ("created_at") WHERE "orders"."payment_method" <> 'cod' and "orders"."payment_status" in ('unpaid', 'pending', 'refunded');--> statement-breakpoint
CREATE INDEX "payments_refunds_idx" ON "payments" USING btree ("created_at") WHERE "payments"."kind" in ('refund', 'reversal');--> statement-breakpoint
-- The rollup keeps days that ended only (the dashboard stores a day an hour after it ends, and
-- computes today from the orders): a write to an order of a day that ended deletes that day's
-- rows, so the next read computes them again. Writes to today's orders, every checkout among
-- them, cost one check and no lock. A day's deletion and the dashboard's storing of it take the
-- same transaction-scoped advisory lock, so a day is never stored from a read that missed a
-- write committing at the same moment.
CREATE FUNCTION sales_days_stale(days date[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  d date;
BEGIN
  FOR d IN SELECT DISTINCT unnest(days) ORDER BY 1 LOOP
    PERFORM pg_advisory_xact_lock(1935764594, d - date '2000-01-01');
    DELETE FROM sales_days WHERE day = d;
    DELETE FROM sales_day_products WHERE day = d;
  END LOOP;
END
$$;
--> statement-breakpoint
-- The store day an order was placed on, when that day has ended (null for today's).
CREATE FUNCTION sales_day_ended(placed timestamptz) RETURNS date LANGUAGE sql STABLE AS $$
  SELECT d FROM (SELECT (placed AT TIME ZONE 'Asia/Manila')::date AS d) day
  WHERE d < (statement_timestamp() AT TIME ZONE 'Asia/Manila')::date
$$;
--> statement-breakpoint
-- Lines added, or deleted by themselves (an order's deletion is the orders trigger's: its row is
-- gone by the time its lines are), as the transition table `lines` of either trigger.
CREATE FUNCTION sales_days_lines() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM sales_days_stale(array(
    SELECT sales_day_ended(o.created_at) FROM lines l JOIN orders o ON o.id = l.order_id
    WHERE sales_day_ended(o.created_at) IS NOT NULL));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER order_items_sales_days_insert AFTER INSERT ON order_items
  REFERENCING NEW TABLE AS lines FOR EACH STATEMENT EXECUTE FUNCTION sales_days_lines();
--> statement-breakpoint
CREATE TRIGGER order_items_sales_days_delete AFTER DELETE ON order_items
  REFERENCING OLD TABLE AS lines FOR EACH STATEMENT EXECUTE FUNCTION sales_days_lines();
--> statement-breakpoint
CREATE FUNCTION sales_days_line_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM sales_days_stale(array(
    SELECT sales_day_ended(o.created_at) FROM orders o
    WHERE o.id IN (OLD.order_id, NEW.order_id) AND sales_day_ended(o.created_at) IS NOT NULL));
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Shipping and delivering move no figure: only a line cancelled or restored, or changed.
CREATE TRIGGER order_items_sales_days_update AFTER UPDATE ON order_items FOR EACH ROW
  WHEN ((OLD.status = 'cancelled') IS DISTINCT FROM (NEW.status = 'cancelled')
        OR OLD.quantity <> NEW.quantity OR OLD.price <> NEW.price OR OLD.name <> NEW.name
        OR OLD.product_id IS DISTINCT FROM NEW.product_id OR OLD.order_id <> NEW.order_id)
  EXECUTE FUNCTION sales_days_line_changed();
--> statement-breakpoint
CREATE FUNCTION sales_days_order_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM sales_days_stale(array_remove(array[sales_day_ended(OLD.created_at)], NULL));
    RETURN OLD;
  END IF;
  PERFORM sales_days_stale(
    array_remove(array[sales_day_ended(OLD.created_at), sales_day_ended(NEW.created_at)], NULL));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER orders_sales_days_delete BEFORE DELETE ON orders
  FOR EACH ROW EXECUTE FUNCTION sales_days_order_changed();
--> statement-breakpoint
CREATE TRIGGER orders_sales_days_update AFTER UPDATE OF created_at ON orders FOR EACH ROW
  WHEN (OLD.created_at <> NEW.created_at) EXECUTE FUNCTION sales_days_order_changed();
--> statement-breakpoint
-- TRUNCATE fires no row trigger: the rollup goes with the orders.
CREATE FUNCTION sales_days_clear() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM sales_days;
  DELETE FROM sales_day_products;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER orders_sales_days_truncate AFTER TRUNCATE ON orders
  FOR EACH STATEMENT EXECUTE FUNCTION sales_days_clear();
--> statement-breakpoint
CREATE TRIGGER order_items_sales_days_truncate AFTER TRUNCATE ON order_items
  FOR EACH STATEMENT EXECUTE FUNCTION sales_days_clear();
