CREATE TABLE "size_charts" (
	"category" text NOT NULL,
	"kind" text NOT NULL,
	"rows" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "size_charts_category_kind_pk" PRIMARY KEY("category","kind")
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "size_chart" jsonb;--> statement-breakpoint
-- Product pages show their category's size chart and are kept until the catalogue changes, so
-- an edit of a chart raises the catalogue version in its own transaction, as a product's edit
-- does (a product's own chart is a column of `products`, whose triggers raise it already). A
-- trigger with a transition table takes one event: four of them.
CREATE TRIGGER size_charts_inserted_version AFTER INSERT ON size_charts REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION raise_versions(catalogue);--> statement-breakpoint
CREATE TRIGGER size_charts_updated_version AFTER UPDATE ON size_charts REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION raise_versions(catalogue);--> statement-breakpoint
CREATE TRIGGER size_charts_deleted_version AFTER DELETE ON size_charts REFERENCING OLD TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION raise_versions(catalogue);--> statement-breakpoint
CREATE TRIGGER size_charts_truncated_version AFTER TRUNCATE ON size_charts
  FOR EACH STATEMENT EXECUTE FUNCTION raise_versions(catalogue);
