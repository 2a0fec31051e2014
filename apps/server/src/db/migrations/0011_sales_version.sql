-- Best Collections gets a version of its own (modules/products/catalogue-cache.ts): product_sales
-- raises it as orders commit, and ordered lines no longer raise the catalogue's, so an order of
-- a product without stock leaves every other catalogue answer in place. Stock an order takes
-- still raises the catalogue's version through product_stock.
CREATE TABLE "sales_versions" (
	"bucket" smallint PRIMARY KEY NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
INSERT INTO "sales_versions" ("bucket") SELECT generate_series(0, 15);
--> statement-breakpoint
CREATE FUNCTION bump_sales_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'TRUNCATE' THEN
    IF NOT EXISTS (SELECT FROM changed) THEN
      RETURN NULL;
    END IF;
  END IF;
  UPDATE sales_versions SET n = n + 1 WHERE bucket = txid_current() % 16;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER product_sales_inserted_version AFTER INSERT ON product_sales
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION bump_sales_version();
--> statement-breakpoint
CREATE TRIGGER product_sales_updated_version AFTER UPDATE ON product_sales
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION bump_sales_version();
--> statement-breakpoint
CREATE TRIGGER product_sales_deleted_version AFTER DELETE ON product_sales
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION bump_sales_version();
--> statement-breakpoint
CREATE TRIGGER product_sales_truncated_version AFTER TRUNCATE ON product_sales
  FOR EACH STATEMENT EXECUTE FUNCTION bump_sales_version();
--> statement-breakpoint
DROP TRIGGER order_items_inserted_version ON order_items;
--> statement-breakpoint
DROP TRIGGER order_items_updated_version ON order_items;
--> statement-breakpoint
DROP TRIGGER order_items_deleted_version ON order_items;
--> statement-breakpoint
DROP TRIGGER order_items_truncated_version ON order_items;
