CREATE TABLE "user_counts" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"sales" integer DEFAULT 0 NOT NULL,
	"for_sale" integer DEFAULT 0 NOT NULL,
	"karma" integer DEFAULT 0 NOT NULL,
	"followers" integer DEFAULT 0 NOT NULL,
	"following" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
DROP INDEX "orders_buyer_received_idx";--> statement-breakpoint
DROP INDEX "orders_seller_trust_idx";--> statement-breakpoint
ALTER TABLE "user_counts" ADD CONSTRAINT "user_counts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_buyer_received_idx" ON "orders" USING btree ("buyer_id","shipped_at","paid_at","received_at","tracking_number") WHERE "orders"."status" = 'received' and "orders"."trade_id" is null;--> statement-breakpoint
CREATE INDEX "orders_seller_trust_idx" ON "orders" USING btree ("seller_id","status","shipped_at","ship_by","trade_id","paid_at","received_at","tracking_number");
--> statement-breakpoint
-- Issue 37: the profile header's counts, kept by triggers instead of counted on every view (the busiest seller's
-- listings for sale were 17,384 index entries a request). Each count keeps the live count's definition
-- (discovery/profiles-repo.ts): sales = the seller's listings with a purchaser; for_sale = their public listings
-- (approved, unsold, not removed: publicItem); karma = the sum of their karma_ledger rows; followers / following =
-- follows whose other side is an account not removed. No row reads as all zeros.
--
-- Every change goes through user_counts_add: the deltas of one change (a row, or a statement on items), netted per
-- user, as ONE upsert in user order, so concurrent writers lock counter rows in the same order (no deadlock, as
-- spec_counts_sync). Users that no longer exist are skipped: a user deleted outright takes its row with it
-- (cascade), and the cascaded deletes of its follows and ledger rows must not bring it back.
CREATE FUNCTION user_counts_add(deltas user_counts[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF cardinality(deltas) = 0 THEN RETURN; END IF;
  INSERT INTO user_counts AS c (user_id, sales, for_sale, karma, followers, following)
  SELECT d.user_id, sum(d.sales)::int, sum(d.for_sale)::int, sum(d.karma)::int, sum(d.followers)::int, sum(d.following)::int
  FROM unnest(deltas) d
  WHERE EXISTS (SELECT 1 FROM users u WHERE u.id = d.user_id)
  GROUP BY d.user_id
  HAVING (sum(d.sales), sum(d.for_sale), sum(d.karma), sum(d.followers), sum(d.following)) <> (0, 0, 0, 0, 0)
  ORDER BY d.user_id
  ON CONFLICT (user_id) DO UPDATE SET sales = c.sales + excluded.sales, for_sale = c.for_sale + excluded.for_sale,
    karma = c.karma + excluded.karma, followers = c.followers + excluded.followers, following = c.following + excluded.following;
END
$$;
--> statement-breakpoint
-- A listing counts for its seller: in sales once it has a purchaser, in for_sale while public. Statement-level, over
-- the statement's old and new rows (transition tables): the old rows' contributions out, the new rows' in, netted per
-- seller, one upsert per statement. A row trigger wrote the seller's counter row once per listing, and rewriting one
-- row 14,815 times in one transaction (the busiest seller's account removed) took 31 s at 1M listings, each update
-- walking the versions the transaction had left behind; this way it is one write. An update that moves no count (a
-- save, an edit, a price drop) nets to nothing and writes nothing.
CREATE FUNCTION user_counts_items() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM user_counts_add(ARRAY(
      SELECT ROW(n.seller_id, (n.purchaser_id IS NOT NULL)::int,
                 (n.approval_status = 'approved' AND n.purchaser_id IS NULL AND n.removed_at IS NULL)::int, 0, 0, 0)::user_counts
      FROM new_items n WHERE n.purchaser_id IS NOT NULL OR (n.approval_status = 'approved' AND n.removed_at IS NULL)));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM user_counts_add(ARRAY(
      SELECT ROW(o.seller_id, -(o.purchaser_id IS NOT NULL)::int,
                 -(o.approval_status = 'approved' AND o.purchaser_id IS NULL AND o.removed_at IS NULL)::int, 0, 0, 0)::user_counts
      FROM old_items o WHERE o.purchaser_id IS NOT NULL OR (o.approval_status = 'approved' AND o.removed_at IS NULL)));
  ELSE
    PERFORM user_counts_add(ARRAY(
      SELECT ROW(o.seller_id, -(o.purchaser_id IS NOT NULL)::int,
                 -(o.approval_status = 'approved' AND o.purchaser_id IS NULL AND o.removed_at IS NULL)::int, 0, 0, 0)::user_counts
      FROM old_items o WHERE o.purchaser_id IS NOT NULL OR (o.approval_status = 'approved' AND o.removed_at IS NULL)
      UNION ALL
      SELECT ROW(n.seller_id, (n.purchaser_id IS NOT NULL)::int,
                 (n.approval_status = 'approved' AND n.purchaser_id IS NULL AND n.removed_at IS NULL)::int, 0, 0, 0)::user_counts
      FROM new_items n WHERE n.purchaser_id IS NOT NULL OR (n.approval_status = 'approved' AND n.removed_at IS NULL)));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER items_user_counts_insert AFTER INSERT ON items REFERENCING NEW TABLE AS new_items
FOR EACH STATEMENT EXECUTE FUNCTION user_counts_items();
--> statement-breakpoint
CREATE TRIGGER items_user_counts_update AFTER UPDATE ON items REFERENCING OLD TABLE AS old_items NEW TABLE AS new_items
FOR EACH STATEMENT EXECUTE FUNCTION user_counts_items();
--> statement-breakpoint
CREATE TRIGGER items_user_counts_delete AFTER DELETE ON items REFERENCING OLD TABLE AS old_items
FOR EACH STATEMENT EXECUTE FUNCTION user_counts_items();
--> statement-breakpoint
CREATE FUNCTION user_counts_karma() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  deltas user_counts[] := '{}';
BEGIN
  IF TG_OP <> 'INSERT' THEN
    deltas := deltas || ROW(OLD.user_id, 0, 0, -OLD.amount, 0, 0)::user_counts;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    deltas := deltas || ROW(NEW.user_id, 0, 0, NEW.amount, 0, 0)::user_counts;
  END IF;
  PERFORM user_counts_add(deltas);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER karma_ledger_user_counts_insert_delete AFTER INSERT OR DELETE ON karma_ledger
FOR EACH ROW EXECUTE FUNCTION user_counts_karma();
--> statement-breakpoint
CREATE TRIGGER karma_ledger_user_counts_update AFTER UPDATE ON karma_ledger
FOR EACH ROW WHEN (OLD.user_id IS DISTINCT FROM NEW.user_id OR OLD.amount IS DISTINCT FROM NEW.amount)
EXECUTE FUNCTION user_counts_karma();
--> statement-breakpoint
-- Whether a user counts on the other side of a follow: an account not removed. FOR SHARE waits for a removal in
-- progress (and holds one off until this follow commits), so the removal's own recount (user_counts_users) and this
-- follow never both count, or both miss, the same row. A user deleted outright is not found: not counted (its
-- BEFORE DELETE trigger already took it out).
CREATE FUNCTION user_counts_counted(who uuid) RETURNS boolean LANGUAGE plpgsql AS $$
BEGIN
  PERFORM FROM users u WHERE u.id = who AND u.removed_at IS NULL FOR SHARE;
  RETURN FOUND;
END
$$;
--> statement-breakpoint
CREATE FUNCTION user_counts_follows() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  deltas user_counts[] := '{}';
BEGIN
  IF TG_OP <> 'INSERT' THEN
    IF user_counts_counted(OLD.follower_id) THEN deltas := deltas || ROW(OLD.followed_id, 0, 0, 0, -1, 0)::user_counts; END IF;
    IF user_counts_counted(OLD.followed_id) THEN deltas := deltas || ROW(OLD.follower_id, 0, 0, 0, 0, -1)::user_counts; END IF;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    IF user_counts_counted(NEW.follower_id) THEN deltas := deltas || ROW(NEW.followed_id, 0, 0, 0, 1, 0)::user_counts; END IF;
    IF user_counts_counted(NEW.followed_id) THEN deltas := deltas || ROW(NEW.follower_id, 0, 0, 0, 0, 1)::user_counts; END IF;
  END IF;
  IF cardinality(deltas) > 0 THEN
    PERFORM user_counts_add(deltas);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER follows_user_counts_insert_delete AFTER INSERT OR DELETE ON follows
FOR EACH ROW EXECUTE FUNCTION user_counts_follows();
--> statement-breakpoint
CREATE TRIGGER follows_user_counts_update AFTER UPDATE ON follows
FOR EACH ROW WHEN (OLD.follower_id IS DISTINCT FROM NEW.follower_id OR OLD.followed_id IS DISTINCT FROM NEW.followed_id)
EXECUTE FUNCTION user_counts_follows();
--> statement-breakpoint
-- An account removed (or restored) leaves (or rejoins) the followers of everyone it follows and the following of
-- everyone who follows it. Deleted outright (BEFORE DELETE, while its follows are still there; the cascaded deletes
-- then find it gone and count nothing): the same as a removal, unless it was already removed.
CREATE FUNCTION user_counts_users() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  subject uuid;
  step int := -1;
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF OLD.removed_at IS NOT NULL THEN RETURN OLD; END IF; -- already out of every count
    subject := OLD.id;
  ELSE
    subject := NEW.id;
    IF NEW.removed_at IS NULL THEN step := 1; END IF;
  END IF;
  PERFORM user_counts_add(ARRAY(
    SELECT ROW(f.followed_id, 0, 0, 0, step, 0)::user_counts FROM follows f WHERE f.follower_id = subject
    UNION ALL
    SELECT ROW(f.follower_id, 0, 0, 0, 0, step)::user_counts FROM follows f WHERE f.followed_id = subject));
  RETURN OLD; -- a BEFORE DELETE trigger that answers NULL would cancel the delete
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_user_counts_removed AFTER UPDATE ON users
FOR EACH ROW WHEN ((OLD.removed_at IS NULL) IS DISTINCT FROM (NEW.removed_at IS NULL))
EXECUTE FUNCTION user_counts_users();
--> statement-breakpoint
CREATE TRIGGER users_user_counts_delete BEFORE DELETE ON users
FOR EACH ROW EXECUTE FUNCTION user_counts_users();
--> statement-breakpoint
-- Every user's counts, counted live and set-based: the backfill below, bench/fill.ts after its trigger-less load
-- (user_counts_rebuild), and the tests' comparison with the maintained counters. Users with nothing to count have
-- no row.
CREATE FUNCTION user_counts_recount() RETURNS TABLE (user_id uuid, sales integer, for_sale integer, karma integer, followers integer, following integer)
LANGUAGE sql STABLE AS $$
  SELECT x.user_id, sum(x.sales)::int, sum(x.for_sale)::int, sum(x.karma)::int, sum(x.followers)::int, sum(x.following)::int
  FROM (
    SELECT i.seller_id AS user_id, count(*) FILTER (WHERE i.purchaser_id IS NOT NULL) AS sales,
           count(*) FILTER (WHERE i.approval_status = 'approved' AND i.purchaser_id IS NULL AND i.removed_at IS NULL) AS for_sale,
           0::bigint AS karma, 0::bigint AS followers, 0::bigint AS following
    FROM items i GROUP BY i.seller_id
    UNION ALL
    SELECT k.user_id, 0, 0, sum(k.amount), 0, 0 FROM karma_ledger k GROUP BY k.user_id
    UNION ALL
    SELECT f.followed_id, 0, 0, 0, count(*), 0 FROM follows f JOIN users u ON u.id = f.follower_id WHERE u.removed_at IS NULL GROUP BY f.followed_id
    UNION ALL
    SELECT f.follower_id, 0, 0, 0, 0, count(*) FROM follows f JOIN users u ON u.id = f.followed_id WHERE u.removed_at IS NULL GROUP BY f.follower_id
  ) x
  GROUP BY x.user_id
  HAVING (sum(x.sales), sum(x.for_sale), sum(x.karma), sum(x.followers), sum(x.following)) <> (0, 0, 0, 0, 0)
$$;
--> statement-breakpoint
CREATE FUNCTION user_counts_rebuild() RETURNS void LANGUAGE sql AS $$
  DELETE FROM user_counts;
  INSERT INTO user_counts (user_id, sales, for_sale, karma, followers, following) SELECT * FROM user_counts_recount();
$$;
--> statement-breakpoint
SELECT user_counts_rebuild();
