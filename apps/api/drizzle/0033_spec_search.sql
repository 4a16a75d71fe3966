-- Issue 36: search finds a listing by its specs and condition as it finds it by its name ('hotswap' found 4 of 6
-- hot-swap boards, 'bnib' none of the boards New in box). The words a listing's spec tags give search
-- ('mounting:hot-swap' -> 'hot-swap', 'condition:new-in-box' -> 'new-in-box', 'lubed:true' -> 'lubed', a maker as
-- written): what comes with a board ('includes') and counts are not what it is (a '65' quantity is not a 65%
-- board), and 'other', 'none' and 'false' say nothing. Labels that add a word to the value are spelled out
-- (top -> 'top mount'; full -> 'full size'); spec-search.test.ts checks every label's words are found. IMMUTABLE:
-- the search column is generated from it.
CREATE FUNCTION spec_search_text(tags text[]) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$
  SELECT coalesce(string_agg(
    CASE
      WHEN kv.key IN ('includes', 'quantity') OR kv.value IN ('other', 'none', 'false', '') THEN NULL
      WHEN kv.value = 'true' THEN lower(kv.key)
      WHEN kv.key = 'mountStyle' AND kv.value IN ('top', 'tray') THEN kv.value || ' mount'
      WHEN kv.key = 'size' AND kv.value = 'full' THEN 'full size'
      ELSE kv.value
    END, ' ' ORDER BY t.n), '')
  FROM unnest(tags) WITH ORDINALITY AS t(tag, n),
    LATERAL (SELECT split_part(t.tag, ':', 1) AS key, substr(t.tag, strpos(t.tag, ':') + 1) AS value) AS kv
$$;
--> statement-breakpoint
-- The search document gains the spec words with the name's weight (A): they say what the listing is, as its name
-- does, so prefixes, typos and 'Did you mean' (which read weight A) see them too. A generated column's expression
-- cannot be changed on PostgreSQL 15: dropped and added again, which computes it for every listing (the backfill),
-- and its indexes made again as they were (migrations 0012 and 0023).
ALTER TABLE "items" DROP COLUMN "search";
--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('simple'::regconfig, coalesce(name, '')), 'A') || setweight(to_tsvector('simple'::regconfig, coalesce(description, '')), 'B') || setweight(to_tsvector('simple'::regconfig, spec_search_text(spec_tags)), 'A')) STORED NOT NULL;
--> statement-breakpoint
CREATE INDEX "items_search_day_idx" ON "items" USING gin ("search","listed_day") WHERE "items"."approval_status" = 'approved' and "items"."purchaser_id" is null and "items"."removed_at" is null;
--> statement-breakpoint
CREATE INDEX "items_sold_search_idx" ON "items" USING gin ("search","sold_at") WHERE "items"."purchaser_id" is not null;
--> statement-breakpoint
-- The vocabulary typos are matched against (search_words, migration 0008) holds the spec words too: 'alumnium'
-- finds 'aluminum' on a board whose name does not say it.
CREATE OR REPLACE FUNCTION items_search_words() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_words (word)
  SELECT w FROM unnest(tsvector_to_array(to_tsvector('simple', NEW.name || ' ' || spec_search_text(NEW.spec_tags)))) AS w
  WHERE w !~ '[''\\]'
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER items_search_words ON items;
--> statement-breakpoint
CREATE TRIGGER items_search_words AFTER INSERT OR UPDATE OF name, spec_tags ON items FOR EACH ROW EXECUTE FUNCTION items_search_words();
--> statement-breakpoint
INSERT INTO search_words (word)
SELECT DISTINCT w FROM items, unnest(tsvector_to_array(to_tsvector('simple', spec_search_text(spec_tags)))) AS w
WHERE w !~ '[''\\]'
ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- A corrected typo finds what the word finds ('alumnium' listed 3 of the 9 boards 'aluminum' lists): the typo tier
-- matches a typo's alternatives wherever the word itself would match (name, description, specs), not in names only
-- as in migration 0025. Partial words (the starts of longer words) stay names-only, as there.
CREATE OR REPLACE FUNCTION search_tsqueries(search_text text, OUT exact tsquery, OUT typo tsquery, OUT broad tsquery) LANGUAGE plpgsql STABLE
AS $$
DECLARE
  plain tsquery := plainto_tsquery('simple', search_text);
  prefixed tsquery;
  fuzzy tsquery;
  any_typo boolean;
BEGIN
  SELECT CASE WHEN bool_and(starts IS NOT NULL) THEN string_agg('(' || starts || ')', ' & ')::tsquery END,
         CASE WHEN bool_and(alternatives IS NOT NULL) THEN string_agg('(' || alternatives || ')', ' & ')::tsquery END,
         coalesce(bool_or(typos), false)
  INTO prefixed, fuzzy, any_typo
  FROM (
    SELECT string_agg(quote_literal(a.word) || ':A', ' | ') FILTER (WHERE NOT a.typo) AS starts,
           string_agg(quote_literal(a.word) || CASE WHEN a.typo THEN '' ELSE ':A' END, ' | ') AS alternatives,
           bool_or(a.typo) AS typos
    FROM unnest(tsvector_to_array(to_tsvector('simple', search_text))) AS w
    LEFT JOIN LATERAL search_word_alternatives(w) AS a ON true
    GROUP BY w
  ) AS words;
  exact := CASE WHEN prefixed IS NULL THEN plain ELSE plain || prefixed END;
  typo := CASE WHEN fuzzy IS NULL OR NOT any_typo THEN NULL ELSE fuzzy && !! exact END;
  broad := CASE WHEN fuzzy IS NULL THEN exact ELSE exact || fuzzy END;
END
$$;
--> statement-breakpoint
ANALYZE items;
