-- When a product last changed: the sitemap's lastmod (modules/seo). Existing products last
-- changed, as far as anyone knows, when they were added.
ALTER TABLE "products" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;
--> statement-breakpoint
UPDATE "products" SET "updated_at" = "created_at";
--> statement-breakpoint
-- Every update sets it, whichever code writes: no writer can forget.
CREATE FUNCTION touch_updated_at() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.updated_at := now();
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER products_touch_updated_at BEFORE UPDATE ON "products"
  FOR EACH ROW EXECUTE FUNCTION touch_updated_at();
