-- The catalogue's version (modules/products/catalogue-cache.ts): any write that changes products,
-- their stock or ordered lines raises it in its own transaction, so an answer built from the
-- catalogue is reused only while the version it was built at holds. Sixteen counters, one picked
-- by transaction id, so concurrent orders seldom wait on one row; the version is their sum.
CREATE TABLE "catalogue_versions" (
	"bucket" smallint PRIMARY KEY NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
INSERT INTO "catalogue_versions" ("bucket") SELECT generate_series(0, 15);
--> statement-breakpoint
-- A statement that changed no row (a refused delete, an update that matched nothing) leaves it.
CREATE FUNCTION bump_catalogue_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'TRUNCATE' THEN
    IF NOT EXISTS (SELECT FROM changed) THEN
      RETURN NULL;
    END IF;
  END IF;
  UPDATE catalogue_versions SET n = n + 1 WHERE bucket = txid_current() % 16;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DO $$
DECLARE
  target text;
BEGIN
  -- A trigger with a transition table takes one event: four per table.
  FOREACH target IN ARRAY ARRAY['products', 'product_stock', 'order_items'] LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS changed '
      'FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_version()', target || '_inserted_version', target);
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING NEW TABLE AS changed '
      'FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_version()', target || '_updated_version', target);
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS changed '
      'FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_version()', target || '_deleted_version', target);
    EXECUTE format('CREATE TRIGGER %I AFTER TRUNCATE ON %I '
      'FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_version()', target || '_truncated_version', target);
  END LOOP;
END
$$;
