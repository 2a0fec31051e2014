-- Search: words typed with typos find what a shopper means (docs/business-rules.md, "Search").
-- Trigram matching (pg_trgm) corrects typed words against the catalogue's own words; full text finds them.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
-- Lower-cased words separated by single spaces; compound words (letters joined by -, _ or /) also
-- written joined, so "T-shirt" gives "t shirt tshirt" and "t-shirt", "tshirt" and "t shirt" all meet.
CREATE FUNCTION search_normalise(source text) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT trim(regexp_replace(
    lower(source) || ' ' || coalesce((
      SELECT string_agg(regexp_replace(m.parts[1], '[-_/]+', '', 'g'), ' ' ORDER BY m.n)
      FROM regexp_matches(lower(source), '[[:alnum:]]+(?:[-_/]+[[:alnum:]]+)+', 'g') WITH ORDINALITY AS m(parts, n)
    ), ''),
    '[^[:alnum:]]+', ' ', 'g'))
$$;
--> statement-breakpoint
-- What a product is found by first: its name, category, subcategory and variation names.
CREATE FUNCTION product_search_text(name text, category text, sub_category text, variations jsonb)
RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT search_normalise(coalesce(name, '') || ' ' || coalesce(category, '') || ' ' || coalesce(sub_category, '')
    || ' ' || coalesce(jsonb_path_query_array(variations, '$[*].name')::text, ''))
$$;
--> statement-breakpoint
-- Their English stems weigh A, the description's B: a word in the name ranks above one in the description.
ALTER TABLE "products" ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (
  setweight(to_tsvector('english', product_search_text("name", "category", "sub_category", "variations")), 'A')
  || setweight(to_tsvector('english', search_normalise("description")), 'B')
) STORED;
--> statement-breakpoint
CREATE INDEX "products_search_idx" ON "products" USING gin ("search_vector");
--> statement-breakpoint
CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE INDEX "search_words_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "customers_name_trgm_idx" ON "customers" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_customer_name_trgm_idx" ON "orders" USING gin ("customer_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_name_prefix_idx" ON "products" USING btree (lower("name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "products_name_trgm_idx" ON "products" USING gin ("name" gin_trgm_ops);
--> statement-breakpoint
-- Adds the words of the given search texts, and their stems, to search_words.
CREATE FUNCTION search_words_add(texts text[]) RETURNS void LANGUAGE sql AS $$
  WITH words AS (
    SELECT DISTINCT word FROM unnest(texts) AS t(text), regexp_split_to_table(t.text, ' ') AS word WHERE word <> ''
  ), stems AS (
    -- Stop words ("the", "with") have no stem: search ignores them, so they are left out.
    SELECT word, lexeme FROM words, unnest(to_tsvector('english', word)) AS l(lexeme)
  )
  INSERT INTO search_words (word)
  SELECT word FROM stems UNION SELECT lexeme FROM stems
  ON CONFLICT DO NOTHING
$$;
--> statement-breakpoint
CREATE FUNCTION products_search_words() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM search_words_add(ARRAY(
    SELECT product_search_text(name, category, sub_category, variations) || ' ' || search_normalise(description)
    FROM changed_products));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER products_search_words_insert AFTER INSERT ON "products"
REFERENCING NEW TABLE AS changed_products FOR EACH STATEMENT EXECUTE FUNCTION products_search_words();
--> statement-breakpoint
CREATE TRIGGER products_search_words_update AFTER UPDATE ON "products"
REFERENCING NEW TABLE AS changed_products FOR EACH STATEMENT EXECUTE FUNCTION products_search_words();
--> statement-breakpoint
SELECT search_words_add(ARRAY(
  SELECT product_search_text(name, category, sub_category, variations) || ' ' || search_normalise(description)
  FROM products));
