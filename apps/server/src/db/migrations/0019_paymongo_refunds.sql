CREATE TABLE "paymongo_refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"payment_id" text NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"state" text DEFAULT 'sending' NOT NULL,
	"refund_id" text,
	"note" text,
	"requested_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "paymongo_refunds_amount_check" CHECK ("paymongo_refunds"."amount" > 0),
	CONSTRAINT "paymongo_refunds_state_check" CHECK ("paymongo_refunds"."state" in ('sending', 'pending', 'succeeded', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_kind_check";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "transfer_proof" text;--> statement-breakpoint
ALTER TABLE "paymongo_refunds" ADD CONSTRAINT "paymongo_refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "paymongo_refunds_order_idx" ON "paymongo_refunds" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "paymongo_refunds_open_idx" ON "paymongo_refunds" USING btree ("created_at") WHERE "paymongo_refunds"."state" in ('sending', 'pending');--> statement-breakpoint
CREATE UNIQUE INDEX "paymongo_refunds_refund_key" ON "paymongo_refunds" USING btree ("refund_id");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_kind_check" CHECK ("payments"."kind" in ('payment', 'refund', 'reversal'));--> statement-breakpoint
-- A reversal (a refund PayMongo failed after taking it) takes its amount back off the refunded sum.
CREATE OR REPLACE FUNCTION "payments_add_to_order"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.kind = 'payment' THEN
    UPDATE "orders" SET "amount_paid" = "amount_paid" + NEW.amount WHERE "id" = NEW.order_id;
  ELSIF NEW.kind = 'refund' THEN
    UPDATE "orders" SET "amount_refunded" = "amount_refunded" + NEW.amount WHERE "id" = NEW.order_id;
  ELSE
    UPDATE "orders" SET "amount_refunded" = "amount_refunded" - NEW.amount WHERE "id" = NEW.order_id;
  END IF;
  RETURN NULL;
END $$;
