-- Issue 29: maintained facet counters. The live facet count reads each tag's whole posting list (~1.7 s at 1M
-- listings); spec_counts keeps, per category, the public listings per counted tag, pair and triple of tags, kept by a
-- row trigger on items and backfilled set-based (spec_counts_rebuild, which bench/fill.ts calls after its load).
CREATE TABLE "spec_counts" (
	"category_id" text NOT NULL,
	"tag_a" text NOT NULL,
	"tag_b" text DEFAULT '' NOT NULL,
	"tag_c" text DEFAULT '' NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "spec_counts_category_id_tag_a_tag_b_tag_c_pk" PRIMARY KEY("category_id","tag_a","tag_b","tag_c")
);
--> statement-breakpoint
-- The counted keys: those of kind 'choice', 'multi' or 'flag' in packages/shared CATEGORY_SPECS (not the free texts
-- maker/sculpt/colorway nor the count quantity). Keep in step with CATEGORY_SPECS: facet-counters.test.ts compares.
-- Sorted in byte order (collate "C"), as the facets sort their lookups in TypeScript.
CREATE FUNCTION spec_counted_tags(tags text[]) RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(DISTINCT t COLLATE "C" ORDER BY t COLLATE "C"), '{}')
  FROM unnest(tags) AS t
  WHERE split_part(t, ':', 1) = ANY (ARRAY['size', 'layout', 'mounting', 'mountStyle', 'caseMaterial', 'plateMaterial', 'connection',
    'built', 'includes', 'profile', 'material', 'legends', 'kits', 'switchType', 'lubed', 'filmed', 'kind', 'condition'])
$$;
--> statement-breakpoint
-- A listing's counter rows: each single counted tag, each pair and each triple, tags ascending within a row.
CREATE FUNCTION spec_count_rows(tags text[]) RETURNS TABLE (tag_a text, tag_b text, tag_c text) LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  WITH t AS (SELECT x.t, x.i FROM unnest(spec_counted_tags(tags)) WITH ORDINALITY AS x(t, i))
  SELECT a.t, '', '' FROM t a
  UNION ALL SELECT a.t, b.t, '' FROM t a JOIN t b ON b.i > a.i
  UNION ALL SELECT a.t, b.t, c.t FROM t a JOIN t b ON b.i > a.i JOIN t c ON c.i > b.i
$$;
--> statement-breakpoint
-- Every public listing's counter rows, counted set-based: the backfill below and bench/fill.ts (spec_counts_rebuild),
-- and the tests' comparison with the maintained counters.
CREATE FUNCTION spec_counts_recount() RETURNS TABLE (category_id text, tag_a text, tag_b text, tag_c text, n integer) LANGUAGE sql STABLE AS $$
  SELECT i.category_id, r.tag_a, r.tag_b, r.tag_c, count(*)::int
  FROM items i CROSS JOIN LATERAL spec_count_rows(i.spec_tags) r
  WHERE i.approval_status = 'approved' AND i.purchaser_id IS NULL AND i.removed_at IS NULL AND i.spec_tags <> '{}'
  GROUP BY 1, 2, 3, 4
$$;
--> statement-breakpoint
CREATE FUNCTION spec_counts_rebuild() RETURNS void LANGUAGE sql AS $$
  DELETE FROM spec_counts;
  INSERT INTO spec_counts (category_id, tag_a, tag_b, tag_c, n) SELECT * FROM spec_counts_recount();
$$;
--> statement-breakpoint
-- One row's change: the old row's rows -1 if it was public, the new row's +1 if it is, netted, as ONE upsert in key
-- order, so concurrent approvals and sales lock counter rows in the same order (no deadlock). Rows at 0 are kept.
CREATE FUNCTION spec_counts_sync() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_public boolean := TG_OP <> 'INSERT' AND OLD.approval_status = 'approved' AND OLD.purchaser_id IS NULL AND OLD.removed_at IS NULL;
  new_public boolean := TG_OP <> 'DELETE' AND NEW.approval_status = 'approved' AND NEW.purchaser_id IS NULL AND NEW.removed_at IS NULL;
  old_category text := CASE WHEN TG_OP <> 'INSERT' THEN OLD.category_id END;
  old_tags text[] := CASE WHEN old_public THEN OLD.spec_tags ELSE '{}' END;
  new_category text := CASE WHEN TG_OP <> 'DELETE' THEN NEW.category_id END;
  new_tags text[] := CASE WHEN new_public THEN NEW.spec_tags ELSE '{}' END;
BEGIN
  INSERT INTO spec_counts AS sc (category_id, tag_a, tag_b, tag_c, n)
  SELECT d.category_id, d.tag_a, d.tag_b, d.tag_c, sum(d.delta)::int
  FROM (SELECT old_category AS category_id, r.tag_a, r.tag_b, r.tag_c, -1 AS delta FROM spec_count_rows(old_tags) r
        UNION ALL
        SELECT new_category, r.tag_a, r.tag_b, r.tag_c, 1 FROM spec_count_rows(new_tags) r) d
  GROUP BY 1, 2, 3, 4
  HAVING sum(d.delta) <> 0
  ORDER BY 1, 2, 3, 4
  ON CONFLICT (category_id, tag_a, tag_b, tag_c) DO UPDATE SET n = sc.n + excluded.n;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER items_spec_counts_insert_delete AFTER INSERT OR DELETE ON items
FOR EACH ROW EXECUTE FUNCTION spec_counts_sync();
--> statement-breakpoint
CREATE TRIGGER items_spec_counts_update AFTER UPDATE ON items
FOR EACH ROW WHEN (OLD.spec_tags IS DISTINCT FROM NEW.spec_tags OR OLD.category_id IS DISTINCT FROM NEW.category_id
  OR (OLD.approval_status = 'approved' AND OLD.purchaser_id IS NULL AND OLD.removed_at IS NULL)
     IS DISTINCT FROM (NEW.approval_status = 'approved' AND NEW.purchaser_id IS NULL AND NEW.removed_at IS NULL))
EXECUTE FUNCTION spec_counts_sync();
--> statement-breakpoint
SELECT spec_counts_rebuild();
