-- Issue 37: the category feed index holds each listing's spec tags and seller beside its key (INCLUDE), so a page
-- filtered by specs can walk one category newest first and check the tags (and the away sellers) in the index:
-- an index-only scan, no heap page read for a listing that does not match (discovery/spec-plan.ts, 'walk'). It
-- replaces items_category_feed_idx, which had the same key and served the category pages; they walk this one.
-- drizzle cannot declare INCLUDE, so the index lives here only (db/schema/items.ts says so where it was declared).
DROP INDEX IF EXISTS "items_category_feed_idx";--> statement-breakpoint
CREATE INDEX "items_category_specs_idx" ON "items" USING btree ("category_id","time_listed" DESC NULLS LAST,"id" DESC NULLS LAST) INCLUDE ("spec_tags","seller_id") WHERE "items"."approval_status" = 'approved' and "items"."purchaser_id" is null and "items"."removed_at" is null;
