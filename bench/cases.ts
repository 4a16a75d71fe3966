/**
 * The measured calls: each is one HTTP request of the web client and, for its plan, the same query built by the
 * API's own code (service.listOptionsFor + listPage). Cursors and the profile are taken from the data.
 */
import { sql } from 'drizzle-orm';
import type { ItemListQuery } from '@keeb/shared';
import type { Database } from '../apps/api/src/db/client';
import type { ListScope } from '../apps/api/src/modules/discovery/list-options';
import { memberCases, type VersusVisitor } from './member-cases';
import { sellerOfOffers, sessionCookieFor } from './offers';

/** crafted: a query the API refuses at the edge (issue 36), timed as it is answered: no plan, no database work. */
export type Kind = 'list' | 'search' | 'item' | 'offers' | 'profile' | 'facets' | 'crafted';

export interface BenchCase {
  name: string;
  kind: Kind;
  /** Path and query string on the API. */
  path: string;
  /** When set, each connection of the load cycles through these paths (path is the first). */
  paths?: string[];
  /** Lists: the scope and query the API builds its page query from (bench/plans.ts explains it). */
  scope?: ListScope;
  query?: ItemListQuery;
  /** The item page: the listings it opens. */
  itemIds?: string[];
  /** Signed-in cases: the session cookie the load sends (the XSRF cookie is added from the first answer). */
  cookie?: string;
  /** The Accept-Encoding the load sends (none unless set). */
  acceptEncoding?: string;
  /** The Received list: whose it is; the profile header: whose. */
  sellerId?: string;
  /**
   * Issue 29: the p99 target is this many times the feed's first page's p99 measured in the same run (the
   * filtered page's target), instead of a fixed one.
   */
  firstPageTimes?: number;
  /** The status every answer must have (200 unless set): a crafted query's 400. */
  expectStatus?: number;
  /**
   * Issue 36: other requests sent meanwhile, each connection cycling through `paths`, for as long as this case's
   * warm-up and measurement last: an ordinary page measured while crafted queries run. Their answers must have
   * `expectStatus` too; they are not measured.
   */
  background?: { paths: string[]; connections: number; expectStatus: number };
  /** Issue 37: measured on a second API process whose first-page cache is off (a visitor's uncached page). */
  uncachedApi?: boolean;
  /** Issue 37: the bound against the visitor's uncached filtered page of the same run (member-cases.ts). */
  vsVisitor?: VersusVisitor;
}

/**
 * Issue 36, probe finding 1: `quantity=1,...,3000` on the facets (a 14 KB URL) took 350-660 ms, and four of them at
 * once, each with other values so the 1 s cache never served them, took the ordinary page from 5 ms to 1-2 s. Now a
 * 400 before any database work. `shift` makes each one's values differ.
 */
export const craftedFacetsPath = (shift = 0) =>
  `/api/items/facets?categoryIds=parts&quantity=${Array.from({ length: 3000 }, (_, i) => String(i + 1 + shift)).join(',')}`;

/** Words the control case searches for, one request each in turn (searches are never kept). */
const SEARCH_WORDS = ['gmk', 'olivia', 'keychron', 'tofu', 'alice', 'holy panda', 'nk65', 'kat', 'sa', 'dsa', 'lubed', 'brass', 'wavez', 'bento', 'botanical', 'laser', 'dots', 'striker', 'mode', 'ikki'];

/** Probe finding 2: 2,500 makers on the feed (more values than a statement can bind: it answered 500). Now a 400 at the edge. */
export const craftedMakersPath = `/api/items?categoryIds=keycaps&maker=${Array.from({ length: 2500 }, (_, i) => `m${i}`).join(',')}`;

const PUBLIC = sql.raw(`i.approval_status = 'approved' and i.purchaser_id is null and i.removed_at is null and u.removed_at is null`);

async function one<T>(db: Database, query: ReturnType<typeof sql>): Promise<T> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  if (!result.rows[0]) throw new Error('the bench database has no public listings: run with --refill');
  return result.rows[0];
}

const iso = (value: string | Date) => new Date(value).toISOString();

function feedCase(name: string, kind: Kind, query: ItemListQuery): BenchCase {
  const params = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]));
  const qs = params.toString();
  return { name, kind, path: `/api/items${qs ? `?${qs}` : ''}`, scope: { kind: 'public' }, query };
}

export async function buildCases(db: Database): Promise<BenchCase[]> {
  const { n } = await one<{ n: string }>(db, sql`select count(*) as n from items i join users u on u.id = i.seller_id where ${PUBLIC}`);
  const middle = Math.floor(Number(n) / 2);
  // The middle of the feed and of the price list: a deep page, as far from both ends as it gets.
  const deep = await one<{ ts: string; id: string }>(
    db,
    sql`select i.time_listed as ts, i.id from items i join users u on u.id = i.seller_id where ${PUBLIC}
        order by i.time_listed desc, i.id desc offset ${middle} limit 1`,
  );
  const price = await one<{ price_cents: number; ts: string; id: string }>(
    db,
    sql`select i.price_cents, i.time_listed as ts, i.id from items i join users u on u.id = i.seller_id where ${PUBLIC}
        order by i.price_cents, i.time_listed, i.id offset ${middle} limit 1`,
  );
  // The busiest seller: the longest profile list.
  const seller = await one<{ username: string; id: string }>(
    db,
    sql`select u.username, u.id from items i join users u on u.id = i.seller_id where ${PUBLIC}
        group by u.id order by count(*) desc limit 1`,
  );
  const sellerQuery: ItemListQuery = {};
  // Item pages of 1,000 public listings spread over the table (a 1% block sample), so the load reads many pages as
  // visitors do rather than one listing's rows that stay in every cache.
  const sample = (await db.execute(
    sql`select i.id from items i tablesample system (1) repeatable (42)
        where i.approval_status = 'approved' and i.purchaser_id is null and i.removed_at is null limit 1000`,
  )) as unknown as { rows: Array<{ id: string }> };
  const itemIds = sample.rows.map((r) => r.id);
  if (itemIds.length === 0) throw new Error('the bench database has no public listings: run with --refill');
  const itemPaths = itemIds.map((id) => `/api/item/${id}`);
  // The Received list of the seller bench/offers.ts gave 2,000 offers, signed in as them.
  const offersSeller = await sellerOfOffers(db);
  if (!offersSeller) throw new Error('the bench database has no offers: run bench/run.ts (it adds them)');
  const offersCookie = await sessionCookieFor(db, offersSeller);
  // Issue 29: a signed-in visitor (the filters' uncached path: their pages and counts are read fresh).
  const member = await one<{ id: string }>(db, sql`select u.id from users u where u.removed_at is null order by u.id limit 1`);
  const memberCookie = await sessionCookieFor(db, member.id, { keepOthers: true });
  // Issue 37: the members' cases are another member's than the busiest seller's (who may be the first user above), so
  // the profile header is a member looking at someone else's.
  const otherMember = await one<{ id: string }>(db, sql`select u.id from users u where u.removed_at is null and u.id <> ${seller.id} order by u.id limit 1`);
  const otherMemberCookie = await sessionCookieFor(db, otherMember.id, { keepOthers: true });
  const boundsFacetsPaths = Array.from({ length: 40 }, (_, shift) => {
    const values = (spec: string) => Array.from({ length: 24 }, (_, i) => `${spec} ${shift * 24 + i}`).join(',');
    return `/api/items/facets?${new URLSearchParams({ categoryIds: 'artisan', maker: values('maker'), sculpt: values('sculpt'), colorway: values('colorway') })}`;
  });
  const twoSpecs: ItemListQuery = { categoryIds: 'keyboards', size: '65%', mounting: 'hot-swap' };
  const filtered = feedCase('filter: two specs (keyboards, 65% + hot-swap), signed out', 'list', twoSpecs);
  // Every size with each mounting: common and rare combinations (numpad + solder is about 0.2% of the listings).
  const combos = ['40%', '60%', '65%', '75%', 'tkl', '1800', 'full', 'alice/ergonomic', 'split', 'numpad'].flatMap((size) =>
    ['hot-swap', 'solder'].map((mounting) => `/api/items?${new URLSearchParams({ categoryIds: 'keyboards', size, mounting })}`),
  );
  const facetsPath = filtered.path.replace('/api/items?', '/api/items/facets?');
  return [
    feedCase('feed: first page', 'list', {}),
    // The same page as a visitor's browser asks for it (compressed answers accepted): the kept copy is sent as is.
    { ...feedCase('feed: first page, as a browser asks (br, gzip accepted)', 'list', {}), acceptEncoding: 'gzip, deflate, br, zstd' },
    feedCase('feed: deep cursor page', 'list', { ts: iso(deep.ts), cursorId: deep.id }),
    feedCase('filter: category + region', 'list', { categoryIds: 'keycaps', regions: 'EU' }),
    feedCase('sort: price low, cursor', 'list', { sort: 'low', ts: iso(price.ts), price: Number(price.price_cents) / 100, cursorId: price.id }),
    feedCase('search: common word "gmk"', 'search', { searchText: 'gmk' }),
    feedCase('search: keyword "olivia"', 'search', { searchText: 'olivia' }),
    feedCase('search: rare words "holy panda"', 'search', { searchText: 'holy panda' }),
    feedCase('search: typo "olivai"', 'search', { searchText: 'olivai' }),
    feedCase('search: swapped letters "keycrhon"', 'search', { searchText: 'keycrhon' }),
    // The same visitor's home feed, read fresh like their filtered pages: what a signed-in request costs without specs.
    { ...feedCase('feed: first page, signed in (uncached)', 'list', {}), cookie: memberCookie },
    { ...filtered, firstPageTimes: 1.5 },
    { ...filtered, name: 'filter: two specs, signed in (uncached)', cookie: memberCookie, firstPageTimes: 1.5 },
    { ...filtered, name: 'filter: 20 size + mounting combinations, signed in (uncached)', path: combos[0]!, paths: combos, cookie: memberCookie, firstPageTimes: 1.5, vsVisitor: { maxP99: 4 } },
    { ...filtered, name: 'facets: two specs, signed out (1 s shared cache)', kind: 'facets', path: facetsPath },
    { ...filtered, name: 'facets: two specs, signed in (uncached)', kind: 'facets', path: facetsPath, cookie: memberCookie },
    // Issue 36: the crafted facets query (now refused at the edge, timed), and the probe's ordinary page while four
    // crafted ones run at once, each connection cycling through 40 of them with other values.
    { name: 'crafted: facets with 3,000 quantities (400 at the edge)', kind: 'crafted', path: craftedFacetsPath(), expectStatus: 400 },
    { name: 'crafted: the feed with 2,500 makers (400 at the edge)', kind: 'crafted', path: craftedMakersPath, expectStatus: 400 },
    // The most a query may hold (24 values on each of an artisan's three free-text specs), signed in so no cache
    // serves it, each request other values: what a visitor can still make the database count.
    { ...filtered, name: 'facets at the bounds: 3 text specs x 24 values, signed in (uncached)', kind: 'facets', path: boundsFacetsPaths[0]!, paths: boundsFacetsPaths, cookie: memberCookie },
    // The same run's baseline for the next case: the probe's ordinary page with nothing else sent.
    { ...feedCase('filter: keyboards 65%, alone', 'list', { categoryIds: 'keyboards', size: '65%' }), firstPageTimes: 1.5 },
    {
      ...feedCase('filter: keyboards 65% while 4 crafted facets queries run', 'list', { categoryIds: 'keyboards', size: '65%' }),
      firstPageTimes: 1.5,
      background: { paths: Array.from({ length: 40 }, (_, i) => craftedFacetsPath(i + 1)), connections: 4, expectStatus: 400 },
    },
    // The control: the same four connections sending ordinary pages no cache serves (searches, each another word).
    // What any four busy visitors cost the page, against which the crafted queries' cost is read.
    {
      ...feedCase('filter: keyboards 65% while 4 ordinary searches run', 'list', { categoryIds: 'keyboards', size: '65%' }),
      firstPageTimes: 1.5,
      background: { paths: SEARCH_WORDS.map((word) => `/api/items?${new URLSearchParams({ searchText: word })}`), connections: 4, expectStatus: 200 },
    },
    {
      name: "profile: seller's listings",
      kind: 'list',
      path: `/api/user/${encodeURIComponent(seller.username)}/items/listed`,
      scope: { kind: 'sellerPublic', username: seller.username },
      query: sellerQuery,
    },
    // The profile header with its trust panel (issue 26), of the seller with the most sales and orders.
    { name: 'profile: header with trust panel', kind: 'profile', path: `/api/user/${encodeURIComponent(seller.username)}/profile`, sellerId: seller.id },
    { name: 'item page (1,000 listings)', kind: 'item', path: itemPaths[0]!, paths: itemPaths, itemIds },
    ...memberCases({ filtered, memberCookie: otherMemberCookie, seller, itemIds, feedCase }),
    { name: 'offers: received, first page (2,000 on 200 items)', kind: 'offers', path: '/api/me/offers/received', cookie: offersCookie, sellerId: offersSeller },
    // The same as a browser asks for it: gzip accepted.
    {
      name: 'offers: received, first page, gzip accepted',
      kind: 'offers',
      path: '/api/me/offers/received',
      cookie: offersCookie,
      sellerId: offersSeller,
      acceptEncoding: 'gzip, deflate, br, zstd',
    },
  ];
}
