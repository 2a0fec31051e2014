ALTER TABLE "outbox" ADD COLUMN "secrets" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
-- Mails already settled before this migration kept their links' tokens in full: every such
-- token sits in a `token=` query parameter (reset, newsletter confirmation and unsubscribe links).
UPDATE "outbox" SET
  "html" = regexp_replace("html", '(token=)[A-Za-z0-9_-]{16,}', '\1[hidden]', 'g'),
  "text" = regexp_replace("text", '(token=)[A-Za-z0-9_-]{16,}', '\1[hidden]', 'g'),
  "headers" = regexp_replace("headers"::text, '(token=)[A-Za-z0-9_-]{16,}', '\1[hidden]', 'g')::jsonb
WHERE "status" <> 'pending';
