CREATE TABLE "product_sales" (
	"product_id" uuid PRIMARY KEY NOT NULL,
	"sold" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "product_sales_sold_check" CHECK ("product_sales"."sold" >= 0)
);
--> statement-breakpoint
ALTER TABLE "product_sales" ADD CONSTRAINT "product_sales_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_sales_sold_idx" ON "product_sales" USING btree ("sold" DESC NULLS LAST,"product_id");