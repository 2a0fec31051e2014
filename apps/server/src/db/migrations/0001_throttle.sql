CREATE TABLE "known_devices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text NOT NULL,
	"customer_id" uuid,
	"admin_id" uuid,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sign_up_throttle" (
	"key" text PRIMARY KEY NOT NULL,
	"attempts" integer NOT NULL,
	"blocked_until" timestamp with time zone NOT NULL,
	"forget_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
-- Fixed-window counts mean nothing to the new policy, and the new columns have no default.
DELETE FROM "sign_in_throttle";--> statement-breakpoint
ALTER TABLE "sign_in_throttle" ADD COLUMN "blocked_until" timestamp with time zone NOT NULL;--> statement-breakpoint
ALTER TABLE "sign_in_throttle" ADD COLUMN "forget_at" timestamp with time zone NOT NULL;--> statement-breakpoint
ALTER TABLE "sign_in_throttle" ADD COLUMN "in_flight" integer NOT NULL;--> statement-breakpoint
ALTER TABLE "sign_in_throttle" ADD COLUMN "in_flight_until" timestamp with time zone NOT NULL;--> statement-breakpoint
ALTER TABLE "known_devices" ADD CONSTRAINT "known_devices_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "known_devices" ADD CONSTRAINT "known_devices_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "known_devices_token_key" ON "known_devices" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "known_devices_customer_idx" ON "known_devices" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "known_devices_admin_idx" ON "known_devices" USING btree ("admin_id");--> statement-breakpoint
CREATE INDEX "known_devices_expires_idx" ON "known_devices" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "sign_up_throttle_forget_idx" ON "sign_up_throttle" USING btree ("forget_at");--> statement-breakpoint
CREATE INDEX "sign_in_throttle_forget_idx" ON "sign_in_throttle" USING btree ("forget_at");--> statement-breakpoint
ALTER TABLE "sign_in_throttle" DROP COLUMN "window_start";