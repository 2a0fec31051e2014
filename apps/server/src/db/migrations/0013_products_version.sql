-- The products' own version (modules/products/search-index.ts): raised by writes to products
-- alone, not by stock or sales, so what is built from product rows only (the search index held
-- in memory) outlives the orders that take stock.
--
-- That index answers the storefront's word ranks, which read the full-text GIN index before:
-- it has no reader left, and each product write paid for it.
DROP INDEX "products_search_idx";
--> statement-breakpoint
CREATE TABLE "products_versions" (
	"bucket" smallint PRIMARY KEY NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
INSERT INTO "products_versions" ("bucket") SELECT generate_series(0, 15);
--> statement-breakpoint
-- One function raises every version a trigger names (its arguments: 'catalogue' raises
-- catalogue_versions), once per writing transaction (readers see it only after the commit), in
-- one of 16 counters picked by transaction id so concurrent writers seldom wait on one row. A
-- statement that changed no row leaves them.
CREATE FUNCTION raise_versions() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  version text;
BEGIN
  IF TG_OP <> 'TRUNCATE' THEN
    IF NOT EXISTS (SELECT FROM changed) THEN
      RETURN NULL;
    END IF;
  END IF;
  FOREACH version IN ARRAY TG_ARGV LOOP
    CONTINUE WHEN current_setting('habi.' || version || '_raised', true) = txid_current()::text;
    PERFORM set_config('habi.' || version || '_raised', txid_current()::text, true);
    EXECUTE format('UPDATE %I SET n = n + 1 WHERE bucket = $1', version || '_versions')
      USING txid_current() % 16;
  END LOOP;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DO $$
DECLARE
  target record;
  op text;
BEGIN
  -- A trigger with a transition table takes one event: four per table.
  FOR target IN SELECT * FROM (VALUES
    ('products', ARRAY['catalogue', 'products']),
    ('product_stock', ARRAY['catalogue']),
    ('product_sales', ARRAY['sales'])
  ) AS t(name, versions) LOOP
    FOREACH op IN ARRAY ARRAY['inserted', 'updated', 'deleted', 'truncated'] LOOP
      EXECUTE format('DROP TRIGGER %I ON %I', target.name || '_' || op || '_version', target.name);
    END LOOP;
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS changed '
      'FOR EACH STATEMENT EXECUTE FUNCTION raise_versions(%s)', target.name || '_inserted_version', target.name,
      array_to_string(target.versions, ', '));
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING NEW TABLE AS changed '
      'FOR EACH STATEMENT EXECUTE FUNCTION raise_versions(%s)', target.name || '_updated_version', target.name,
      array_to_string(target.versions, ', '));
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS changed '
      'FOR EACH STATEMENT EXECUTE FUNCTION raise_versions(%s)', target.name || '_deleted_version', target.name,
      array_to_string(target.versions, ', '));
    EXECUTE format('CREATE TRIGGER %I AFTER TRUNCATE ON %I '
      'FOR EACH STATEMENT EXECUTE FUNCTION raise_versions(%s)', target.name || '_truncated_version', target.name,
      array_to_string(target.versions, ', '));
  END LOOP;
END
$$;
--> statement-breakpoint
-- Migrations 0005, 0011 and 0012 each wrote a copy of the function above for one version.
DROP FUNCTION bump_catalogue_version();
--> statement-breakpoint
DROP FUNCTION bump_sales_version();
