CREATE TABLE "product_stock" (
	"product_id" uuid NOT NULL,
	"variation" text NOT NULL,
	"size" text NOT NULL,
	"quantity" integer NOT NULL,
	CONSTRAINT "product_stock_product_id_variation_size_pk" PRIMARY KEY("product_id","variation","size"),
	CONSTRAINT "product_stock_quantity_check" CHECK ("product_stock"."quantity" >= 0)
);
--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "variation" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "stock_held" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "track_stock" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "product_stock" ADD CONSTRAINT "product_stock_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Lines ordered before stock was kept name their variation only in "name": recorded where it is one of the product's variations.
UPDATE "order_items" SET "variation" = "order_items"."name" FROM "products" WHERE "products"."id" = "order_items"."product_id" AND "products"."variations" @> jsonb_build_array(jsonb_build_object('name', "order_items"."name"));
