ALTER TABLE "customers" ADD COLUMN "shipping_address_parts" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_address_parts" jsonb;