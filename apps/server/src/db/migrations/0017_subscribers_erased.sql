ALTER TABLE "subscribers" ALTER COLUMN "email" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "subscribers" ADD COLUMN "email_hash" text;--> statement-breakpoint
CREATE UNIQUE INDEX "subscribers_email_hash_key" ON "subscribers" USING btree ("email_hash");--> statement-breakpoint
ALTER TABLE "subscribers" ADD CONSTRAINT "subscribers_email_or_hash_check" CHECK (("subscribers"."email" is null) <> ("subscribers"."email_hash" is null));