CREATE TABLE "want_matches" (
	"want_id" uuid NOT NULL,
	"item_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"price_cents" integer NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"seen_at" timestamp (3) with time zone,
	"digest_pending" boolean DEFAULT false NOT NULL,
	CONSTRAINT "want_matches_want_id_item_id_pk" PRIMARY KEY("want_id","item_id")
);
--> statement-breakpoint
CREATE TABLE "wants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"search_text" text NOT NULL,
	"category_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"regions" text[] DEFAULT '{}'::text[] NOT NULL,
	"max_price_cents" integer,
	"sale_type_id" text,
	"query" "tsquery",
	"anchors" text[] NOT NULL,
	"paused" boolean DEFAULT false NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL,
	"expiry_warned_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wants_max_price_positive" CHECK ("wants"."max_price_cents" is null or "wants"."max_price_cents" > 0),
	CONSTRAINT "wants_has_anchor" CHECK (cardinality("wants"."anchors") > 0)
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "want_alerts" text DEFAULT 'instant' NOT NULL;--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "sold_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "auto_decline_below_cents" integer;--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "auto_accept_at_cents" integer;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "auto_decided" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "want_matches" ADD CONSTRAINT "want_matches_want_id_wants_id_fk" FOREIGN KEY ("want_id") REFERENCES "public"."wants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "want_matches" ADD CONSTRAINT "want_matches_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "want_matches" ADD CONSTRAINT "want_matches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wants" ADD CONSTRAINT "wants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wants" ADD CONSTRAINT "wants_sale_type_id_sale_types_id_fk" FOREIGN KEY ("sale_type_id") REFERENCES "public"."sale_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "want_matches_want_idx" ON "want_matches" USING btree ("want_id","created_at" DESC NULLS LAST,"item_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "want_matches_unseen_idx" ON "want_matches" USING btree ("user_id") WHERE "want_matches"."seen_at" is null;--> statement-breakpoint
CREATE INDEX "want_matches_digest_idx" ON "want_matches" USING btree ("user_id","created_at") WHERE "want_matches"."digest_pending";--> statement-breakpoint
CREATE INDEX "want_matches_item_idx" ON "want_matches" USING btree ("item_id");--> statement-breakpoint
CREATE INDEX "wants_anchors_idx" ON "wants" USING gin ("anchors") WHERE not "wants"."paused";--> statement-breakpoint
CREATE INDEX "wants_user_idx" ON "wants" USING btree ("user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "wants_expiry_idx" ON "wants" USING btree ("expires_at") WHERE "wants"."expiry_warned_at" is null;--> statement-breakpoint
CREATE INDEX "items_sold_search_idx" ON "items" USING gin ("search","sold_at") WHERE "items"."purchaser_id" is not null;--> statement-breakpoint
CREATE INDEX "items_sold_at_idx" ON "items" USING btree ("sold_at" DESC NULLS LAST) WHERE "items"."purchaser_id" is not null;--> statement-breakpoint
ALTER TABLE "items" ADD CONSTRAINT "items_auto_decline_positive" CHECK ("items"."auto_decline_below_cents" is null or "items"."auto_decline_below_cents" > 0);--> statement-breakpoint
ALTER TABLE "items" ADD CONSTRAINT "items_auto_accept_positive" CHECK ("items"."auto_accept_at_cents" is null or "items"."auto_accept_at_cents" > 0);--> statement-breakpoint
ALTER TABLE "items" ADD CONSTRAINT "items_auto_order" CHECK ("items"."auto_decline_below_cents" is null or "items"."auto_accept_at_cents" is null or "items"."auto_decline_below_cents" <= "items"."auto_accept_at_cents");--> statement-breakpoint
ALTER TABLE "items" ADD CONSTRAINT "items_auto_below_price" CHECK (not "items"."is_fixed_price" or (coalesce("items"."auto_decline_below_cents", 0) < "items"."price_cents" and coalesce("items"."auto_accept_at_cents", 0) < "items"."price_cents"));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_want_alerts" CHECK ("users"."want_alerts" in ('instant', 'daily'));--> statement-breakpoint
-- Listings sold before sold_at existed: the capture time of their purchase, else the time they were listed.
UPDATE "items" i SET "sold_at" = coalesce((SELECT max(p."captured_at") FROM "purchases" p WHERE p."item_id" = i."id"), i."time_listed")
WHERE i."purchaser_id" IS NOT NULL;--> statement-breakpoint
-- The words of which a listing matching a want's search holds at least one: the search's rarest word (by the
-- share of listings holding it in the statistics ANALYZE keeps on items.search; a word not among the most common
-- is rarer than any that is; the longest among equals) and the vocabulary words search_tsquery() would accept for
-- it as a typo or partial word. A listing matches search_tsquery(text) only by holding that word (the plain
-- branch) or one of those (the fuzzy branch), so the wants whose anchors meet a listing's words are all the wants
-- it can match, and the rarest word makes them few. Null when the text has no words. Same threshold and limit as
-- search_tsquery (migration 0008).
CREATE FUNCTION want_anchors(search_text text) RETURNS text[] LANGUAGE plpgsql STABLE
SET pg_trgm.word_similarity_threshold = '0.5'
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
  RETURN array(
    SELECT anchor
    UNION
    SELECT v.word FROM (SELECT word FROM search_words WHERE anchor <% word ORDER BY word_similarity(anchor, word) DESC, word LIMIT 20) AS v
  );
END
$$;
