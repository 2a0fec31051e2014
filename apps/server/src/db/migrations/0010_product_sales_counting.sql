-- Keeps product_sales (how many of each product are ordered, cancelled lines aside) with every
-- write to order_items: a line counts while its status is not cancelled and it names a product.
-- The trigger is deferred to commit, so a product's counter row is locked only while the order
-- commits, not for the rest of its transaction: checkouts of one product wait on each other
-- that briefly. Orders insert their lines by product, so two orders lock counters in one order.
CREATE FUNCTION count_product_sales() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.product_id IS NOT NULL AND OLD.status <> 'cancelled' THEN
    UPDATE product_sales SET sold = sold - OLD.quantity WHERE product_id = OLD.product_id;
  END IF;
  -- A line whose product is gone (deleted since, in this transaction) counts for nothing.
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.product_id IS NOT NULL AND NEW.status <> 'cancelled'
     AND EXISTS (SELECT FROM products WHERE id = NEW.product_id) THEN
    INSERT INTO product_sales AS s (product_id, sold) VALUES (NEW.product_id, NEW.quantity)
    ON CONFLICT (product_id) DO UPDATE SET sold = s.sold + excluded.sold;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER order_items_count_sales
  AFTER INSERT OR UPDATE OF product_id, quantity, status OR DELETE ON order_items
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION count_product_sales();
--> statement-breakpoint
-- TRUNCATE fires no row trigger: the counts go with the lines.
CREATE FUNCTION clear_product_sales() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM product_sales;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER order_items_clear_sales AFTER TRUNCATE ON order_items
  FOR EACH STATEMENT EXECUTE FUNCTION clear_product_sales();
--> statement-breakpoint
-- The lines ordered so far, counted once: creating the trigger locked order_items against writes
-- until this migration commits, so no line is counted twice or missed.
INSERT INTO product_sales (product_id, sold)
SELECT product_id, sum(quantity) FROM order_items
WHERE product_id IS NOT NULL AND status <> 'cancelled'
GROUP BY product_id;
