ALTER TABLE "product_stock" ADD COLUMN "sku" text;--> statement-breakpoint
ALTER TABLE "product_stock" ADD COLUMN "barcode" text;--> statement-breakpoint
-- Every stock row gets a SKU as the store makes them (shared skuBase): the product name's first
-- words, the variation and the size in capitals without accents, and .2, .3... in the order of
-- the rows' keys when several rows make the same one: the same SKUs on every database.
WITH named AS (
  SELECT s.product_id, s.variation, s.size,
    upper(translate(p.name, 'áàâäãéèêëíìîïóòôöõúùûüñçÁÀÂÄÃÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÑÇ', 'aaaaaeeeeiiiiooooouuuuncAAAAAEEEEIIIIOOOOOUUUUNC')) AS name,
    upper(translate(s.variation, 'áàâäãéèêëíìîïóòôöõúùûüñçÁÀÂÄÃÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÑÇ', 'aaaaaeeeeiiiiooooouuuuncAAAAAEEEEIIIIOOOOOUUUUNC')) AS var,
    upper(s.size) AS sz
  FROM "product_stock" s JOIN "products" p ON p.id = s.product_id
), based AS (
  SELECT product_id, variation, size,
    left(concat_ws('-',
      coalesce(nullif(rtrim(left(trim(both '-' from regexp_replace(name, '[^A-Z0-9]+', '-', 'g')), 20), '-'), ''), 'ITEM'),
      nullif(left(regexp_replace(var, '[^A-Z0-9]+', '', 'g'), 10), ''),
      nullif(regexp_replace(sz, '[^A-Z0-9]+', '', 'g'), '')), 34) AS base
  FROM named
), numbered AS (
  SELECT product_id, variation, size, base,
    row_number() OVER (PARTITION BY base ORDER BY product_id, variation, size) AS n
  FROM based
)
UPDATE "product_stock" s
SET sku = CASE WHEN numbered.n = 1 THEN numbered.base ELSE numbered.base || '.' || numbered.n END
FROM numbered
WHERE s.product_id = numbered.product_id AND s.variation = numbered.variation AND s.size = numbered.size;--> statement-breakpoint
ALTER TABLE "product_stock" ALTER COLUMN "sku" SET NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "product_stock_sku_key" ON "product_stock" USING btree ("sku");--> statement-breakpoint
CREATE INDEX "product_stock_barcode_idx" ON "product_stock" USING btree ("barcode");
