-- Issue 25: typo search. pg_trgm word similarity alone missed transpositions and two typos in short words
-- ('keycrhon', 'alumnium', 'lazer'), and ranked 'keychron' as high as 'keycult' itself. A search word now stands
-- for the vocabulary words it begins (exact and prefix matches, ranked first) and for those one or two typos away
-- (fuzzystrmatch's levenshtein; ranked after). The extension ships with the server (postgresql-contrib) and with
-- PGlite (@electric-sql/pglite/contrib/fuzzystrmatch, passed on every open like pg_trgm).
CREATE EXTENSION IF NOT EXISTS fuzzystrmatch;
--> statement-breakpoint
-- The typos between two words whose shorter has this many letters: two from five letters, one in three or four
-- (where two would be half the word: 'cable' is not 'case'), none below.
CREATE FUNCTION search_typo_budget(letters integer) RETURNS integer LANGUAGE sql IMMUTABLE
AS $$ SELECT CASE WHEN letters >= 5 THEN 2 WHEN letters >= 3 THEN 1 ELSE 0 END $$;
--> statement-breakpoint
-- The vocabulary words (search_words, listing names) a search word stands for: up to 20 it is the start of
-- (typo false: the word itself and longer words, shortest first), then up to 20 within its typo budget or
-- resembling it by pg_trgm word similarity 0.5 as before (typo true: fewest typos first); rank orders them.
-- A typo is a letter added, dropped, changed, or two neighbours swapped: levenshtein counts a swap as two
-- edits, so a word one edit over the budget is also taken when it is within one edit less of the text with
-- two neighbours swapped.
-- fuzzystrmatch refuses words over 255 characters: longer words get no typo match.
CREATE FUNCTION search_word_alternatives(w text) RETURNS TABLE (word text, typo boolean, rank bigint) LANGUAGE sql STABLE
SET pg_trgm.word_similarity_threshold = '0.5'
AS $$
  WITH swapped AS (
    SELECT overlay(w PLACING substr(w, i + 1, 1) || substr(w, i, 1) FROM i FOR 2) AS text
    FROM generate_series(1, length(w) - 1) AS i
    WHERE length(w) <= 255
  ),
  -- Words resembling it (search_words_trgm_idx), and words within three edits of it: one C call a word, a
  -- scan of the vocabulary (15 ms at 50,000 words) where computing the rest for every word took 300.
  candidates AS (
    SELECT v.word FROM search_words v WHERE w <% v.word
    UNION
    SELECT v.word FROM search_words v
    WHERE length(w) BETWEEN 3 AND 255 AND length(v.word) BETWEEN length(w) - 3 AND least(length(w) + 3, 255)
      AND levenshtein_less_equal(w, v.word, 3) <= 3
  ),
  budgeted AS (
    SELECT c.word, search_typo_budget(least(length(w), length(c.word))) AS budget
    FROM candidates c
    WHERE NOT starts_with(c.word, w)
  ),
  scored AS (
    SELECT b.word, b.budget,
      CASE WHEN b.budget > 0 AND length(w) <= 255 AND length(b.word) <= 255 AND abs(length(b.word) - length(w)) <= b.budget + 1
        THEN levenshtein_less_equal(w, b.word, b.budget + 1) END AS edits
    FROM budgeted b
  ),
  typos AS (
    SELECT c.word,
      CASE WHEN c.edits <= c.budget THEN c.edits
        WHEN c.budget > 0 AND c.edits = c.budget + 1 AND EXISTS (
          SELECT 1 FROM swapped s WHERE levenshtein_less_equal(s.text, c.word, c.budget - 1) <= c.budget - 1
        ) THEN c.budget
      END AS typos
    FROM scored c
  )
  (SELECT v.word, false, row_number() OVER (ORDER BY length(v.word), v.word) FROM search_words v
   WHERE v.word LIKE replace(replace(replace(w, '\', '\\'), '%', '\%'), '_', '\_') || '%'
   ORDER BY length(v.word), v.word
   LIMIT 20)
  UNION ALL
  (SELECT t.word, true, 20 + row_number() OVER (ORDER BY coalesce(t.typos, 99), word_similarity(w, t.word) DESC, t.word) FROM typos t
   WHERE t.typos IS NOT NULL OR w <% t.word
   ORDER BY coalesce(t.typos, 99), word_similarity(w, t.word) DESC, t.word
   LIMIT 20)
$$;
--> statement-breakpoint
-- A search text's full-text queries, in two tiers. exact: the words in name or description (plainto_tsquery),
-- or every word the start of a name word (weight A). typo: every word matched in the name by one of its
-- alternatives, where the exact tier does not match; null when some word has none or none is a typo. broad: either, what
-- search_tsquery() answers (the wants store it). Empty when the text has no words.
CREATE FUNCTION search_tsqueries(search_text text, OUT exact tsquery, OUT typo tsquery, OUT broad tsquery) LANGUAGE plpgsql STABLE
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
           string_agg(quote_literal(a.word) || ':A', ' | ') AS alternatives,
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
CREATE OR REPLACE FUNCTION search_tsquery(search_text text) RETURNS tsquery LANGUAGE sql STABLE
AS $$ SELECT (search_tsqueries(search_text)).broad $$;
--> statement-breakpoint
-- As in migration 0023, with the anchor's alternatives from search_word_alternatives, so a want's anchors stay
-- every word through which a listing can match its search_tsquery().
CREATE OR REPLACE FUNCTION want_anchors(search_text text) RETURNS text[] LANGUAGE plpgsql STABLE
AS $$
DECLARE
  anchor text;
BEGIN
  SELECT w INTO anchor
  FROM unnest(tsvector_to_array(to_tsvector('simple', search_text))) AS w
  LEFT JOIN (
    SELECT mce.word, mce.share
    FROM pg_stats, unnest(most_common_elems::text::text[], most_common_elem_freqs) AS mce(word, share)
    WHERE schemaname = current_schema() AND tablename = 'items' AND attname = 'search' AND mce.word IS NOT NULL
  ) AS common ON common.word = w
  ORDER BY coalesce(common.share, 0), length(w) DESC, w
  LIMIT 1;
  IF anchor IS NULL THEN RETURN NULL; END IF;
  RETURN array(SELECT anchor UNION SELECT a.word FROM search_word_alternatives(anchor) AS a);
END
$$;
