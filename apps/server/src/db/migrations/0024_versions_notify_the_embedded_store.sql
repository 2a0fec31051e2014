-- The embedded store is one process, and every write passes through it: told of each raised
-- version (a notification, delivered at commit), it keeps the versions in memory and answers a
-- kept catalogue read without asking the database. The notification is sent only where a session
-- asked for it (habi.notify_versions, set by the embedded client): on PostgreSQL, where NOTIFY
-- makes committing transactions queue one after another, nothing changes.
CREATE OR REPLACE FUNCTION raise_versions() RETURNS trigger LANGUAGE plpgsql AS $$
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
    IF current_setting('habi.notify_versions', true) = 'on' THEN
      PERFORM pg_notify('habi_versions', version);
    END IF;
  END LOOP;
  RETURN NULL;
END
$$;
