CREATE TABLE "return_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"order_item_id" uuid NOT NULL,
	"customer_id" uuid,
	"kind" text NOT NULL,
	"reason" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"photos" text[] DEFAULT '{}'::text[] NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"delivered_on" date NOT NULL,
	"product_id" uuid,
	"exchange_variation" text,
	"exchange_size" text,
	"stock_held" boolean DEFAULT false NOT NULL,
	"refund_amount" numeric(12, 2) DEFAULT '0' NOT NULL,
	"refunded_amount" numeric(12, 2),
	"refused_reason" text,
	"damaged" boolean DEFAULT false NOT NULL,
	"replacement_shipment_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "return_requests_kind_check" CHECK ("return_requests"."kind" in ('return', 'exchange')),
	CONSTRAINT "return_requests_reason_check" CHECK ("return_requests"."reason" in ('wrongSize', 'defective', 'notAsDescribed', 'wrongItem', 'changedMind')),
	CONSTRAINT "return_requests_status_check" CHECK ("return_requests"."status" in ('requested', 'approved', 'refused', 'received', 'refunded', 'exchanged', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "return_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"window_days" integer DEFAULT 7 NOT NULL,
	CONSTRAINT "return_settings_one_row_check" CHECK ("return_settings"."id" = 1),
	CONSTRAINT "return_settings_window_check" CHECK ("return_settings"."window_days" between 1 and 90)
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "returns_credit" numeric(12, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "return_requests" ADD CONSTRAINT "return_requests_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_requests" ADD CONSTRAINT "return_requests_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_requests" ADD CONSTRAINT "return_requests_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_requests" ADD CONSTRAINT "return_requests_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_requests" ADD CONSTRAINT "return_requests_replacement_shipment_id_shipments_id_fk" FOREIGN KEY ("replacement_shipment_id") REFERENCES "public"."shipments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "return_requests_live_item_key" ON "return_requests" USING btree ("order_item_id") WHERE "return_requests"."status" not in ('refused', 'cancelled');--> statement-breakpoint
CREATE INDEX "return_requests_item_idx" ON "return_requests" USING btree ("order_item_id");--> statement-breakpoint
CREATE INDEX "return_requests_created_idx" ON "return_requests" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "return_requests_customer_idx" ON "return_requests" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "return_requests_status_idx" ON "return_requests" USING btree ("status","created_at");