-- Keeps search_words (the vocabulary of listing names; words holding a quote or backslash are left out so each
-- word quotes safely into a tsquery) and defines search_tsquery(), the one full-text query
-- every search runs. Typos and partial words are matched against the vocabulary with pg_trgm word similarity
-- (0.5 lets 'olivai' find 'olivia'; the default 0.6 misses it), never against a million names.
CREATE FUNCTION items_search_words() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_words (word)
  SELECT w FROM unnest(tsvector_to_array(to_tsvector('simple', NEW.name))) AS w
  WHERE w !~ '[''\\]'
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER items_search_words AFTER INSERT OR UPDATE OF name ON items FOR EACH ROW EXECUTE FUNCTION items_search_words();
--> statement-breakpoint
INSERT INTO search_words (word)
SELECT DISTINCT w FROM items, unnest(tsvector_to_array(to_tsvector('simple', name))) AS w
WHERE w !~ '[''\\]'
ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- The words of the text in name or description (plainto_tsquery), or, for every word of the text, one of the
-- (at most 20) most similar vocabulary words in the name (weight A): typos and partial words match names only,
-- as a person searching expects. Empty when the text has no words. PL/pgSQL so the session keeps the plan.
CREATE FUNCTION search_tsquery(search_text text) RETURNS tsquery LANGUAGE plpgsql STABLE
SET pg_trgm.word_similarity_threshold = '0.5'
AS $$
DECLARE
  plain tsquery := plainto_tsquery('simple', search_text);
  fuzzy tsquery;
BEGIN
  SELECT CASE WHEN bool_and(alternatives IS NOT NULL) THEN string_agg('(' || alternatives || ')', ' & ')::tsquery END
  INTO fuzzy
  FROM (
    SELECT (
      SELECT string_agg(quote_literal(v.word) || ':A', ' | ')
      FROM (SELECT word FROM search_words WHERE w <% word ORDER BY word_similarity(w, word) DESC, word LIMIT 20) AS v
    ) AS alternatives
    FROM unnest(tsvector_to_array(to_tsvector('simple', search_text))) AS w
  ) AS words;
  RETURN CASE WHEN fuzzy IS NULL THEN plain ELSE plain || fuzzy END;
END
$$;
