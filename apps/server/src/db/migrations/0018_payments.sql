CREATE TABLE "payment_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"cod_enabled" boolean DEFAULT true NOT NULL,
	"cod_max_total" numeric(12, 2),
	"transfer_enabled" boolean DEFAULT false NOT NULL,
	"transfer_hours" integer DEFAULT 24 NOT NULL,
	"online_enabled" boolean DEFAULT false NOT NULL,
	"online_minutes" integer DEFAULT 60 NOT NULL,
	CONSTRAINT "payment_settings_one_row_check" CHECK ("payment_settings"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid,
	"kind" text NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"method" text NOT NULL,
	"reference" text,
	"provider_id" text,
	"note" text,
	"recorded_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_amount_check" CHECK ("payments"."amount" > 0),
	CONSTRAINT "payments_kind_check" CHECK ("payments"."kind" in ('payment', 'refund'))
);
--> statement-breakpoint
CREATE TABLE "transfer_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"bank_name" text,
	"account_name" text NOT NULL,
	"account_number" text NOT NULL,
	"qr_image_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_status" text DEFAULT 'unpaid' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "amount_paid" numeric(12, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "amount_refunded" numeric(12, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_due_by" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "transfer_reference" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "transfer_rejected_reason" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "checkout_session_id" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "checkout_url" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_review" text;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payments_order_idx" ON "payments" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_provider_key" ON "payments" USING btree ("kind","provider_id");--> statement-breakpoint
CREATE INDEX "transfer_accounts_created_idx" ON "transfer_accounts" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "orders_payment_status_idx" ON "orders" USING btree ("payment_status","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_payment_due_idx" ON "orders" USING btree ("payment_due_by") WHERE "orders"."payment_due_by" is not null and "orders"."payment_status" = 'unpaid';--> statement-breakpoint
CREATE UNIQUE INDEX "orders_checkout_session_key" ON "orders" USING btree ("checkout_session_id");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_refunded_within_paid_check" CHECK ("orders"."amount_refunded" <= "orders"."amount_paid");--> statement-breakpoint
-- Orders placed before payments were taken were all cash on delivery, as the API named them.
UPDATE "orders" SET "payment_method" = 'cod' WHERE "payment_method" = 'COD';--> statement-breakpoint
UPDATE "orders" SET "payment_status" = 'cancelled' WHERE "status" = 'cancelled';--> statement-breakpoint
INSERT INTO "payment_settings" ("id") VALUES (1);--> statement-breakpoint
-- Each ledger row adds to its order's sums in the statement that appends it; the orders' check
-- then refuses a refund beyond what was paid, whichever of two at once comes second.
CREATE FUNCTION "payments_add_to_order"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.kind = 'payment' THEN
    UPDATE "orders" SET "amount_paid" = "amount_paid" + NEW.amount WHERE "id" = NEW.order_id;
  ELSE
    UPDATE "orders" SET "amount_refunded" = "amount_refunded" + NEW.amount WHERE "id" = NEW.order_id;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "payments_add_to_order" AFTER INSERT ON "payments"
  FOR EACH ROW EXECUTE FUNCTION "payments_add_to_order"();--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payment_method_check" CHECK ("orders"."payment_method" in ('cod', 'transfer', 'online'));
