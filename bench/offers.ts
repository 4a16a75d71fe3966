/**
 * Offers for the bench (issue 13's target: the Received list of a seller with 2,000 offers on 200 items). Added to
 * a filled database when they are missing, so an existing million-listing database needs no --refill; the fill
 * truncates users, which empties offers (cascade), so they come back after a refill too.
 *
 * One seller (marked by the email OFFERS_SELLER_EMAIL) gets 10 offers from distinct buyers on each of 200 of their
 * public listings: mostly pending, some countered, expired and accepted (at most one per item), plus 50 declined
 * ones the Received list does not show. Background offers on other sellers' listings bring the table to about
 * 100,000 rows, so the seller's are a small share of it. Regions and shipping prices come from the listing's own
 * shipping rows, and buyers live in those regions, as the offer rules require.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { RECEIVED_PAGE_SIZE } from '@keeb/shared';
import type { Database, Queryable } from '../apps/api/src/db/client';

export const OFFERS_SELLER_EMAIL = 'offers-seller@example.test';
export const OFFERS_ITEMS = 200;
export const OFFERS_PER_ITEM = 10;
/** The session secret the bench starts the API with (bench/server.ts), so the bench can sign a session cookie. */
export const BENCH_SESSION_SECRET = 'bench-session-secret-not-for-production-use-0000';

const PUBLIC = `i.approval_status = 'approved' and i.purchaser_id is null and i.removed_at is null`;

async function rows<T>(db: Queryable, text: string): Promise<T[]> {
  return ((await db.execute(sql.raw(text))) as unknown as { rows: T[] }).rows;
}

/** Buyers by region: a user array per region, so an offer's buyer lives where the listing ships. */
const REGIONAL_BUYERS = `select shipping_region_code as code, array_agg(id order by id) as ids, count(*)::int as n
  from users where removed_at is null and shipping_region_code is not null group by 1`;

/**
 * Offer k of a listing: its region cycles through the listing's shipping regions, its buyer steps through that
 * region's users by a prime from a point the listing's id gives, so the buyers of one listing are distinct (k < n).
 */
const candidates = (picked: string, maxK: number) => `
  select p.*, k, s.region_code, s.price_cents as shipping_cents,
         b.ids[1 + (abs(hashtext(p.id::text))::bigint + k * 7919) % b.n] as buyer_id
  from ${picked} p
  cross join generate_series(0, ${maxK}) k
  join item_shipping s on s.item_id = p.id and s.region_code = p.ship_regions[1 + k % cardinality(p.ship_regions)]
  join regional b on b.code = s.region_code`;

export async function sellerOfOffers(db: Queryable): Promise<string | undefined> {
  const [row] = await rows<{ id: string }>(db, `select id from users where email = '${OFFERS_SELLER_EMAIL}'`);
  return row?.id;
}

/** Adds the offers when the bench seller's 2,000 are not there (in one transaction), then ANALYZE. */
export async function ensureOffers(db: Database, log: (line: string) => void): Promise<void> {
  const seller = await sellerOfOffers(db);
  if (seller) {
    const [have] = await rows<{ mine: number; all: number }>(
      db,
      `select count(*) filter (where seller_id = '${seller}' and status in ('pending', 'countered', 'accepted', 'expired', 'paid'))::int as mine,
              count(*)::int as all from offers`,
    );
    if (have?.mine === OFFERS_ITEMS * OFFERS_PER_ITEM && have.all >= 50_000) return;
  }
  const started = Date.now();
  await db.transaction(async (tx) => {
    await tx.execute(sql.raw('truncate offer_events, offers cascade'));
    // The seller: the one whose public listings open to offers are the fewest of at least 200, so the 200 are
    // most of their shop, as for a busy individual seller (not the profile case's store of 17,000 listings).
    const id =
      seller ??
      (
        await rows<{ id: string }>(
          tx,
          `select u.id from users u join items i on i.seller_id = u.id
           where ${PUBLIC} and i.offers_accepted and u.removed_at is null
           group by u.id having count(*) >= ${OFFERS_ITEMS} order by count(*), u.id limit 1`,
        )
      )[0]?.id;
    if (!id) throw new Error(`no seller has ${OFFERS_ITEMS} public listings open to offers: run with --refill`);
    await tx.execute(sql.raw(`update users set email = '${OFFERS_SELLER_EMAIL}' where id = '${id}'`));
    // Their 200 newest listings, j = 1..200; offer rn = 1..10 per listing (a candidate that is the seller is
    // skipped), rn 11 on every fourth listing a declined one. Times within the last 30 days; accepted within 20 h.
    await tx.execute(
      sql.raw(`
      with regional as (${REGIONAL_BUYERS}),
      picked as (
        select i.id, i.seller_id, i.price_cents, i.ship_regions, row_number() over (order by i.time_listed desc, i.id) as j
        from items i where i.seller_id = '${id}' and ${PUBLIC} and i.offers_accepted and cardinality(i.ship_regions) > 0
        order by i.time_listed desc, i.id limit ${OFFERS_ITEMS}
      ),
      ranked as (
        select c.*, row_number() over (partition by c.id order by c.k) as rn
        from (${candidates('picked', OFFERS_PER_ITEM + 2)}) c where c.buyer_id <> c.seller_id
      ),
      shaped as (
        select r.*, case
            when rn = 1 and j % 5 = 0 then 'accepted'
            when rn = 2 and j % 4 = 0 then 'expired'
            when rn = 3 and j % 3 = 0 then 'countered'
            when rn = ${OFFERS_PER_ITEM + 1} then 'declined'
            else 'pending' end::offer_status as status,
          greatest(100, round(price_cents * (0.6 + 0.35 * random()))::int) as offer_cents,
          now() - random() * interval '30 days' as changed
        from ranked r where rn <= ${OFFERS_PER_ITEM} or (rn = ${OFFERS_PER_ITEM + 1} and j % 4 = 1)
      )
      insert into offers (item_id, buyer_id, seller_id, price_cents, counter_price_cents, shipping_cents, region_code, status,
                          time_accepted, created_at, updated_at, buyer_acted_at, seller_acted_at)
      select id, buyer_id, seller_id, offer_cents, case when status = 'countered' then (offer_cents + price_cents) / 2 end,
             shipping_cents, region_code, status,
             case status when 'accepted' then now() - (j % 20) * interval '1 hour'
                         when 'expired' then now() - interval '30 hours' - j * interval '1 minute' end,
             t - interval '2 days', t, case when status = 'pending' then t else t - interval '1 day' end,
             case when status <> 'pending' then t end
      from shaped
      cross join lateral (select case status when 'accepted' then now() - (j % 20) * interval '1 hour'
                                             when 'expired' then now() - interval '30 hours' - j * interval '1 minute'
                                             else changed end as t) x`),
    );
    // Background: about 1 in 50 public listings open to offers, 1-15 offers each (about 100,000 in all).
    await tx.execute(
      sql.raw(`
      with regional as (${REGIONAL_BUYERS}),
      picked as (
        select i.id, i.seller_id, i.price_cents, i.ship_regions, abs(hashtext(i.id::text || 'n')) % 15 as last_k
        from items i where ${PUBLIC} and i.offers_accepted and cardinality(i.ship_regions) > 0
          and i.seller_id <> '${id}' and abs(hashtext(i.id::text)) % 50 = 0
      ),
      shaped as (
        select c.*, case
            when k = 0 and abs(hashtext(c.id::text || 'a')) % 7 = 0 then 'accepted'
            when u < 70 then 'pending' when u < 80 then 'countered' when u < 90 then 'declined' else 'expired' end::offer_status as status,
          greatest(100, round(price_cents * (0.6 + 0.35 * random()))::int) as offer_cents,
          now() - random() * interval '60 days' as changed
        from (${candidates('picked', 14)}) c cross join lateral (select abs(hashtext(c.id::text || c.k)) % 100 as u) r
        where c.k <= c.last_k and c.buyer_id <> c.seller_id
      )
      insert into offers (item_id, buyer_id, seller_id, price_cents, counter_price_cents, shipping_cents, region_code, status,
                          time_accepted, created_at, updated_at, buyer_acted_at, seller_acted_at)
      select id, buyer_id, seller_id, offer_cents, case when status = 'countered' then (offer_cents + price_cents) / 2 end,
             shipping_cents, region_code, status,
             case status when 'accepted' then now() - interval '3 hours' when 'expired' then changed end,
             changed - interval '2 days', changed, changed - interval '1 day', case when status <> 'pending' then changed end
      from shaped`),
    );
    await tx.execute(sql.raw(`update users set offers_seen_at = now() - interval '1 day' where id = '${id}'`));
  });
  // As autovacuum would after a bulk insert: statistics, and the visibility map that index-only scans read.
  await db.execute(sql.raw('vacuum analyze offers'));
  const [counts] = await rows<{ all: number; mine: number }>(
    db,
    `select count(*)::int as all, count(*) filter (where seller_id = (select id from users where email = '${OFFERS_SELLER_EMAIL}'))::int as mine from offers`,
  );
  log(`  offers: ${counts?.all} in all, ${counts?.mine} to the bench seller (${((Date.now() - started) / 1000).toFixed(1)} s)`);
}

/**
 * A signed-in session of the bench seller, as express-session stores it (platform/session-store.ts) and signs its
 * cookie (cookie-signature: HMAC-SHA256, base64 without padding); the API runs with BENCH_SESSION_SECRET.
 */
export async function sessionCookieFor(db: Queryable, userId: string, options: { keepOthers?: boolean } = {}): Promise<string> {
  const sid = `bench-${randomBytes(18).toString('base64url')}`;
  const expires = new Date(Date.now() + 7 * 24 * 60 * 60 * 1000);
  const sess = { cookie: { originalMaxAge: 30 * 24 * 60 * 60 * 1000, expires, httpOnly: true, sameSite: 'lax', path: '/' }, userId };
  // Earlier runs' sessions go (those made over an hour ago: a run going on beside this one keeps its own), unless
  // the caller is making many for one run (the chat bench's 400 users).
  if (!options.keepOthers) await db.execute(sql`delete from sessions where sid like 'bench-%' and expires_at < now() + interval '7 days' - interval '1 hour'`);
  await db.execute(sql`insert into sessions (sid, sess, expires_at) values (${sid}, ${JSON.stringify(sess)}::jsonb, ${expires.toISOString()})`);
  const mac = createHmac('sha256', BENCH_SESSION_SECRET).update(sid).digest('base64').replace(/=+$/, '');
  return `sid=${encodeURIComponent(`s:${sid}.${mac}`)}`;
}

/**
 * The Received answers the case must get before it is measured: a full first page (the measured call), and, walking
 * the pages with the cursor, every item's group and every offer exactly once.
 */
export async function checkReceived(url: string, cookie: string): Promise<void> {
  const groups: Array<{ _id: string; lastActivityAt: string; offers: unknown[] }> = [];
  let next = url;
  for (;;) {
    const response = await fetch(next, { headers: { cookie } });
    if (response.status !== 200) throw new Error(`GET ${next} answered ${response.status}`);
    const page = (await response.json()) as typeof groups;
    if (groups.length === 0 && page.length !== RECEIVED_PAGE_SIZE) throw new Error(`GET ${url} answered ${page.length} items, not a page of ${RECEIVED_PAGE_SIZE}`);
    groups.push(...page);
    if (page.length < RECEIVED_PAGE_SIZE) break;
    const last = page[page.length - 1]!;
    next = `${url}?ts=${encodeURIComponent(last.lastActivityAt)}&cursorId=${last._id}`;
  }
  const offers = groups.reduce((n, g) => n + g.offers.length, 0);
  const distinct = new Set(groups.map((g) => g._id)).size;
  if (distinct !== OFFERS_ITEMS || groups.length !== OFFERS_ITEMS || offers !== OFFERS_ITEMS * OFFERS_PER_ITEM) {
    throw new Error(`GET ${url} pages answered ${groups.length} groups (${distinct} items) and ${offers} offers, not ${OFFERS_ITEMS} and ${OFFERS_ITEMS * OFFERS_PER_ITEM}`);
  }
}
