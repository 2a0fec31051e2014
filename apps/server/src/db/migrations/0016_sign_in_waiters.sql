CREATE TABLE "sign_in_waiters" (
	"key" text NOT NULL,
	"id" uuid NOT NULL,
	"since" timestamp with time zone DEFAULT now() NOT NULL,
	"seen_until" timestamp with time zone NOT NULL,
	CONSTRAINT "sign_in_waiters_key_id_pk" PRIMARY KEY("key","id")
);
--> statement-breakpoint
CREATE INDEX "sign_in_waiters_seen_idx" ON "sign_in_waiters" USING btree ("seen_until");