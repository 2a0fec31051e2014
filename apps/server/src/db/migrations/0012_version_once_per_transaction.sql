-- A version is raised once per writing transaction, not once per statement: readers only ever
-- see it after the commit, so once is all they need. Raising it per statement made a
-- transaction of many statements (a bulk load firing a row trigger per line) update one counter
-- row thousands of times, each update walking the row's growing chain of versions.
CREATE OR REPLACE FUNCTION bump_catalogue_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'TRUNCATE' THEN
    IF NOT EXISTS (SELECT FROM changed) THEN
      RETURN NULL;
    END IF;
  END IF;
  IF current_setting('habi.catalogue_raised', true) = txid_current()::text THEN
    RETURN NULL;
  END IF;
  PERFORM set_config('habi.catalogue_raised', txid_current()::text, true);
  UPDATE catalogue_versions SET n = n + 1 WHERE bucket = txid_current() % 16;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION bump_sales_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'TRUNCATE' THEN
    IF NOT EXISTS (SELECT FROM changed) THEN
      RETURN NULL;
    END IF;
  END IF;
  IF current_setting('habi.sales_raised', true) = txid_current()::text THEN
    RETURN NULL;
  END IF;
  PERFORM set_config('habi.sales_raised', txid_current()::text, true);
  UPDATE sales_versions SET n = n + 1 WHERE bucket = txid_current() % 16;
  RETURN NULL;
END
$$;
