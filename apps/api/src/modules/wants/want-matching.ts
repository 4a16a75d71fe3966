/**
 * Matching a listing against every want in one statement (matchListing, whose plan explain.test.ts reads), and the
 * mails its matches make: a run's instant mails, the owners held for the daily digest, taking a digest, and claiming
 * a want's lapse reminder. Apart from the wants' CRUD (want-crud.ts) and the owner's view of the matches
 * (want-matches.ts): these are the statements of the jobs, not of the Wants API's calls.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Queryable, Tx } from '../../db/client';
import { users } from '../../db/schema/index';
import { rowsOf } from './want-crud';

/** A new match as the matching statement answers it: the want and its owner, for the push. */
export interface NewMatch {
  wantId: string;
  userId: string;
  searchText: string;
  /** The names of the want's categories, in its order, when it has no words (its label). */
  categoryNames: string[];
  /** The owner has a confirmed address: the match is mailed, now or in the daily digest (digest_pending). */
  mailable: boolean;
}

/** The listing a match is about, for the push and the mails. */
export interface MatchedItem {
  id: string;
  name: string;
  priceCents: number;
  thumbnail: string;
}

/** The names of a want's categories (the column `categoryIds` names), in the want's order. */
const namesOf = (categoryIds: string) =>
  `array(select cat.name from unnest(${categoryIds}) with ordinality as x(id, n) join categories cat on cat.id = x.id order by x.n)`;
/** The category names a want's label needs: none when it has words (wantLabel shows the words then). */
const categoryNamesOf = (searchText: string, categoryIds: string) => sql.raw(`case when ${searchText} = '' then ${namesOf(categoryIds)} else '{}' end`);

/**
 * Matches one listing against every want in one statement, and records each new match once.
 *
 * Only a public listing (approved, unsold, not removed) matches. The candidates are the unpaused wants whose
 * anchors meet the listing's words or its 'category:<id>' term, found through the partial GIN index
 * wants_anchors_idx (a listing matching a want's query holds one of its anchors: migration 0023), never by reading
 * every want. Each candidate is then checked exactly: not lapsed, not the seller's own, the stored query against
 * the listing's search vector, categories, sale type, ships-to regions, and the price limit on item plus shipping
 * to the buyer: the cheapest shipping among the want's regions when it names some, else to the owner's own region
 * when the listing ships there, else the listing's cheapest. Owners whose accounts were removed are left out.
 *
 * The insert's ON CONFLICT on the (want_id, item_id) key is the "once per listing per want": a listing approved,
 * then edited, or a job run twice, alerts nobody again. Every match of one run has the same created_at (the
 * transaction's start), which names the run for its mails (instantMails, digestOwners); a daily owner's match with
 * an address to mail is held for the digest (digest_pending).
 */
export async function matchListing(tx: Tx, itemId: string): Promise<{ item: MatchedItem | undefined; matches: NewMatch[]; matchedAt: string | undefined }> {
  const result = await tx.execute(matchStatement(itemId));
  let item: MatchedItem | undefined;
  let matchedAt: string | undefined;
  const matches = rowsOf<{ row: string }>(result).map(({ row }) => {
    const [wantId, userId, searchText, categoryNames, mailable, createdAt, name, itemPriceCents, thumbnail] = JSON.parse(row) as [
      string, string, string, string[], boolean, string, string, number, string,
    ];
    item ??= { id: itemId, name, priceCents: itemPriceCents, thumbnail };
    matchedAt ??= createdAt;
    return { wantId, userId, searchText, categoryNames, mailable };
  });
  return { item, matches, matchedAt };
}

/** matchListing's statement, for its plan in tests (explain.test.ts). */
export function matchStatement(itemId: string) {
  return sql`
    with it as (
      select i.id, i.seller_id, i.category_id, i.sale_type_id, i.price_cents, i.search, i.ship_regions, i.name, i.thumbnail, i.spec_tags,
             tsvector_to_array(i.search) || ('category:' || i.category_id) as terms
      from items i
      where i.id = ${itemId}::uuid and i.approval_status = 'approved' and i.purchaser_id is null and i.removed_at is null
        -- Issue 29: an away seller's listing alerts nobody; it is matched again when they return (accounts/away).
        and not exists (select 1 from users s where s.id = i.seller_id and s.away_until > now())
    ), ship as (
      select s.region_code, s.price_cents from item_shipping s where s.item_id = ${itemId}::uuid
    ), found as (
      select w.id as want_id, w.user_id, it.price_cents + coalesce(sh.cents, 0) as price_cents, w.search_text, w.category_ids,
             u.want_alerts, u.email_confirmed_at is not null as mailable
      from it
      join wants w on w.anchors && it.terms and not w.paused
      join users u on u.id = w.user_id
      cross join lateral (
        select case
          when cardinality(w.regions) > 0 then (select min(ship.price_cents) from ship where ship.region_code = any(w.regions))
          else coalesce((select ship.price_cents from ship where ship.region_code = u.shipping_region_code), (select min(ship.price_cents) from ship))
        end as cents
      ) sh
      where w.expires_at > now()
        and w.user_id <> it.seller_id
        and u.removed_at is null
        and (w.query is null or it.search @@ w.query)
        and (cardinality(w.category_ids) = 0 or it.category_id = any(w.category_ids))
        and (w.sale_type_id is null or w.sale_type_id = it.sale_type_id)
        and (cardinality(w.regions) = 0 or w.regions && it.ship_regions)
        and (w.max_price_cents is null or it.price_cents + coalesce(sh.cents, 0) <= w.max_price_cents)
        -- Issue 29: every key of the want's specs holds a tag of the listing's (specTag: '<key>:<value>', texts in
        -- lower case with single spaces); a want without specs ({}) has no key to miss.
        and not exists (
          select 1 from jsonb_each(w.specs) as ws(key, wanted)
          where not exists (
            select 1 from jsonb_array_elements_text(ws.wanted) as v(value)
            where ws.key || ':' || lower(btrim(regexp_replace(v.value, '[[:space:]]+', ' ', 'g'))) = any(it.spec_tags)
          )
        )
    ), ins as (
      insert into want_matches (want_id, item_id, user_id, price_cents, digest_pending)
      select want_id, ${itemId}::uuid, user_id, price_cents, want_alerts = 'daily' and mailable from found
      on conflict (want_id, item_id) do nothing
      returning want_id, created_at
    )
    select json_build_array(
      f.want_id, f.user_id, f.search_text, ${categoryNamesOf('f.search_text', 'f.category_ids')}, f.mailable, ins.created_at,
      it.name, it.price_cents, it.thumbnail
    )::text as row
    from ins join found f on f.want_id = ins.want_id cross join it
    order by f.user_id, f.want_id`;
}

/** An instant alert mail to queue: the want matched, its owner, and the listing. */
export interface MailEntry {
  wantId: string;
  /** Item plus shipping to the buyer when it matched. */
  priceCents: number;
  searchText: string;
  categoryNames: string[];
  email: string;
  username: string;
}

/** The run of matches made at `matchedAt` (one transaction of matchListing) for the listing, through want_matches_item_idx. */
const matchRun = (itemId: string, matchedAt: string) => sql`m.item_id = ${itemId}::uuid and m.created_at = ${matchedAt}::timestamptz`;

/**
 * The instant mails of one run of matches: those not held for a digest whose owner can be mailed now (not
 * removed, address confirmed). None when the listing is no longer on sale (sold, removed or rejected since it
 * matched): there is nothing left to tell the buyers about.
 */
export async function instantMails(db: Queryable, itemId: string, matchedAt: string): Promise<{ item: MatchedItem | undefined; entries: MailEntry[] }> {
  const result = await db.execute(sql`
    select json_build_array(m.want_id, m.price_cents, w.search_text, ${categoryNamesOf('w.search_text', 'w.category_ids')},
      u.email, u.username, i.name, i.price_cents, i.thumbnail)::text as row
    from want_matches m join wants w on w.id = m.want_id join users u on u.id = m.user_id join items i on i.id = m.item_id
    where ${matchRun(itemId, matchedAt)} and not m.digest_pending
      and u.removed_at is null and u.email_confirmed_at is not null
      and i.approval_status = 'approved' and i.purchaser_id is null and i.removed_at is null
    order by m.user_id, m.want_id`);
  let item: MatchedItem | undefined;
  const entries = rowsOf<{ row: string }>(result).map(({ row }) => {
    const [wantId, priceCents, searchText, categoryNames, email, username, name, itemPriceCents, thumbnail] = JSON.parse(row) as [
      string, number, string, string[], string, string, string, number, string,
    ];
    item ??= { id: itemId, name, priceCents: itemPriceCents, thumbnail };
    return { wantId, priceCents, searchText, categoryNames, email, username };
  });
  return { item, entries };
}

/** The owners holding a match of the run for their daily digest. */
export async function digestOwners(db: Queryable, itemId: string, matchedAt: string): Promise<string[]> {
  const result = await db.execute(sql`select distinct m.user_id from want_matches m where ${matchRun(itemId, matchedAt)} and m.digest_pending`);
  return rowsOf<{ user_id: string }>(result).map((r) => r.user_id);
}

/**
 * Lets a job's transaction commit without waiting for its WAL to reach the disk (a good part of a match's time on
 * a server). The job's completion, and any worker acting on the jobs it queued, commit after it and flush it with
 * their own; a crash before then loses the transaction's whole work, and the job, not completed, runs it again.
 */
export async function commitWithoutFlushWait(tx: Tx) {
  await tx.execute(sql`set local synchronous_commit = off`);
}

/** A match in a digest mail: the listing and the want it matched. */
export interface DigestEntry {
  itemId: string;
  itemName: string;
  itemPriceCents: number;
  /** Item plus shipping to the buyer when it matched. */
  matchedPriceCents: number;
  searchText: string;
  categoryNames: string[];
}

/**
 * Takes the user's matches held for the digest, oldest first, clearing their digest_pending in the same statement:
 * call it in the transaction that queues the mail. Two runs at once take each match once (the second waits on the
 * first's row locks, then finds them cleared). Listings removed or rejected since are cleared and left out; a sold
 * one is still listed. `user` is undefined for a removed account or an unconfirmed address: nothing is mailed.
 */
export async function takeDigest(tx: Tx, userId: string): Promise<{ user: { email: string; username: string } | undefined; entries: DigestEntry[] }> {
  const result = await tx.execute(sql`
    with taken as (
      update want_matches set digest_pending = false
      where user_id = ${userId}::uuid and digest_pending
      returning want_id, item_id, price_cents, created_at
    )
    select json_build_array(t.item_id, i.name, i.price_cents, t.price_cents, w.search_text, ${sql.raw(namesOf('w.category_ids'))})::text as row
    from taken t join items i on i.id = t.item_id join wants w on w.id = t.want_id
    where i.removed_at is null and i.approval_status = 'approved'
    order by t.created_at, t.want_id, t.item_id`);
  const entries = rowsOf<{ row: string }>(result).map(({ row }) => {
    const [itemId, itemName, itemPriceCents, matchedPriceCents, searchText, categoryNames] = JSON.parse(row) as [string, string, number, number, string, string[]];
    return { itemId, itemName, itemPriceCents, matchedPriceCents, searchText, categoryNames };
  });
  const [user] = await tx
    .select({ email: users.email, username: users.username })
    .from(users)
    .where(and(eq(users.id, userId), sql`${users.removedAt} is null`, sql`${users.emailConfirmedAt} is not null`));
  return { user, entries };
}

/**
 * Marks the lapse reminder of a want as sent, if it is still due: the want still has the expiry the reminder was
 * queued for (not yet passed), is not paused, was not reminded, and its owner has a confirmed address. Answers
 * what the mail needs.
 */
export async function claimExpiryWarning(tx: Tx, wantId: string, expiresAt: string) {
  const result = await tx.execute(sql`
    with claimed as (
      update wants set expiry_warned_at = now()
      where id = ${wantId}::uuid and expires_at = ${expiresAt}::timestamptz and expires_at > now() and not paused and expiry_warned_at is null
        and exists (select 1 from users u where u.id = wants.user_id and u.removed_at is null and u.email_confirmed_at is not null)
      returning id, user_id, search_text, category_ids, expires_at
    )
    select json_build_array(u.email, u.username, c.search_text, ${sql.raw(namesOf('c.category_ids'))})::text as row
    from claimed c join users u on u.id = c.user_id`);
  const row = rowsOf<{ row: string }>(result)[0]?.row;
  if (!row) return undefined;
  const [email, username, searchText, categoryNames] = JSON.parse(row) as [string, string, string, string[]];
  return { email, username, searchText, categoryNames };
}
