import { centsToDollars, ERROR_CODES, ITEM_PAGE_SIZE, specFilterOf, type ItemListQuery, type ItemSummary, type PriceHistoryQuery, type SpecFilter, type Facets } from '@keeb/shared';
import type { Database } from '../../db/client';
import { toListingCard } from '../../db/listing-card';
import { AppError } from '../../platform/errors';
import { facetCounts, facetFieldsOf } from './facets';
import { awaySellerIds } from '../accounts/away/away';
import { priceHistory } from './price-history';
import { createProfilesService } from './profiles-service';
import type { Cursor, ListOptions, ListScope } from './list-options';
import { listPage, restOfTie, userIdByUsername } from './list-page';
import type { ListRow } from './list-row';
import { savedPage } from './saved-page';
import { searchPage } from './search-tiers';
import { searchSuggestions } from './search-suggestions';
import { specPlanFor } from './spec-plan';
import { withinReference } from './known-filters';

type Row = ListRow & { savedAt?: string };

/**
 * A list-valued parameter's values, each once. The query schema bounds them (LIST_FILTER_LIMITS, issue 36: a 400
 * before any database work), which also bounds the prepared query shapes a client can make the database keep (one
 * per count of categories and regions).
 */
const list = (value: string | undefined) => [
  ...new Set(
    (value ?? '')
      .split(',')
      .map((v) => v.trim())
      .filter(Boolean),
  ),
];

function cursorOf(query: ItemListQuery): Cursor {
  return {
    ts: query.ts ? new Date(query.ts).toISOString() : undefined,
    priceCents: query.price === undefined ? undefined : Math.round(query.price * 100),
    likes: query.likes,
    id: query.cursorId,
  };
}

/**
 * The query's spec parameters (issue 29) checked against the asked categories' lists: 400
 * `{ message: 'invalid_spec' | 'spec_not_in_category', field: <key> }` on the first bad one.
 */
export function specFilterFor(query: ItemListQuery): SpecFilter {
  const parsed = specFilterOf(query, list(query.categoryIds));
  if ('problem' in parsed) throw new AppError(400, parsed.problem[0], { field: parsed.problem[1] });
  return parsed.filter;
}

/** A list call's query as list options (list-options.ts): the API's pages and the benchmark's plans (bench/plans.ts) share it. */
export function listOptionsFor(scope: ListScope, query: ItemListQuery): ListOptions {
  return {
    scope,
    specs: specFilterFor(query),
    categoryIds: list(query.categoryIds),
    regionCodes: list(query.regions),
    saleTypeId: query.saleType?.trim() || undefined,
    openToTrades: query.openToTrades,
    search: query.searchText?.trim() || undefined,
    sort: query.sort ?? 'def',
    cursor: cursorOf(query),
    // One row more than a page: whether the page ends inside a tie (restOfTie).
    limit: ITEM_PAGE_SIZE + 1,
  };
}

export interface DiscoveryDeps {
  /** Which of these items the viewer saved, in one query, from the items module (which owns saves). */
  savedAmong(userId: string, itemIds: string[]): Promise<string[]>;
}

export function createDiscoveryService(db: Database, deps: DiscoveryDeps) {
  /** Cards of a page; the viewer's hearts are one batch query, never one per item. */
  async function toSummaries(rows: Row[], viewerId: string | undefined, withApproval = false): Promise<ItemSummary[]> {
    // The page's statement read the hearts (ListOptions.viewerId); a list that did not (the Saved tab's rows) asks.
    const unread = viewerId ? rows.filter((r) => r.saved === undefined).map((r) => r.id) : [];
    const savedUnread = unread.length ? new Set(await deps.savedAmong(viewerId!, unread)) : undefined;
    return rows.map((r) => {
      const card = toListingCard(r, { _id: r.sellerId, username: r.sellerUsername, avatar: r.sellerAvatar });
      // Set only when there is one: spreading a conditional object into every card is the slow path of object building.
      if (r.savedAt) card.savedAt = r.savedAt;
      if (viewerId) card.isFollowing = r.saved ?? savedUnread?.has(r.id) ?? false;
      if (withApproval) card.approvalStatus = r.approvalStatus;
      if (r.order !== undefined) card.order = r.order;
      return card;
    });
  }

  async function page(scope: ListScope, query: ItemListQuery, viewerId: string | undefined): Promise<ItemSummary[]> {
    const options = withinReference(listOptionsFor(scope, query));
    if (!options) return [];
    // Away sellers' listings leave the feed, search and the followed-sellers tab; their profile keeps them.
    if (scope.kind === 'public' || scope.kind === 'followed') options.awaySellerIds = await awaySellerIds(db);
    // Issue 37: a spec filter's page walked or read by its matches, from the combination's count (spec-plan.ts).
    options.specPlan = await specPlanFor(db, options);
    options.viewerId = viewerId;
    const rows = options.search
      ? await searchPage(db, options, ITEM_PAGE_SIZE)
      : await restOfTie(db, options, await listPage(db, options), ITEM_PAGE_SIZE);
    // The owner's Listed tab is the one list with listings not (yet) approved: its cards say which.
    return toSummaries(rows, viewerId, scope.kind === 'listed');
  }

  return {
    /** Seller profiles and following (profiles-service.ts). */
    profiles: createProfilesService(db),

    /** GET /api/me/items/followed: public listings of the sellers the user follows, newest first (ts + cursorId). */
    followed: (userId: string, query: ItemListQuery) =>
      page({ kind: 'followed', userId }, { ts: query.ts, cursorId: query.cursorId, sort: 'def' }, userId),

    /** GET /api/items/price-history: the last year's sales matching the feed's search and filters. */
    priceHistory: (query: PriceHistoryQuery) => priceHistory(db, listOptionsFor({ kind: 'public' }, query)),

    /** GET /api/items/suggest: 'Did you mean ...?' for a search text (search-suggestions.ts). */
    suggest: (searchText: string | undefined) => searchSuggestions(db, searchText?.trim() ?? ''),

    /**
     * GET /api/items/facets (issue 29): the feed's query (its cursor ignored), each spec value's count of public
     * listings matching the rest of it (facets.ts).
     */
    async facets(query: ItemListQuery): Promise<Facets> {
      const options = listOptionsFor({ kind: 'public' }, { ...query, ts: undefined, price: undefined, likes: undefined, cursorId: undefined, sort: undefined });
      return facetCounts(db, options, facetFieldsOf(options.categoryIds ?? []));
    },

    /** GET /api/items and POST /api/searchItems: public listings, filtered, sorted, searched, keyset-paged. */
    feed: (query: ItemListQuery, viewerId: string | undefined) => page({ kind: 'public' }, query, viewerId),

    /** GET /api/user/{username}/items/listed: the seller's public listings; unknown or removed users are 404. */
    async sellerListed(username: string, query: ItemListQuery, viewerId: string | undefined): Promise<ItemSummary[]> {
      const cards = await page({ kind: 'sellerPublic', username }, query, viewerId);
      // The page query resolves the username itself; only an empty page needs to know whether the seller exists.
      if (cards.length === 0 && !(await userIdByUsername(db, username))) throw new AppError(404, ERROR_CODES.notFound);
      return cards;
    },

    /** GET /api/me/items/listed|sold|purchased: the signed-in user's lists, newest first. */
    mine: (kind: 'listed' | 'sold' | 'purchased', userId: string, query: ItemListQuery) =>
      page({ kind, userId }, { ts: query.ts, cursorId: query.cursorId, sort: 'def' }, userId),

    /** GET /api/me/items/saved: newest save first; the cursor is the last item's savedAt (+ cursorId). */
    async saved(userId: string, query: ItemListQuery): Promise<ItemSummary[]> {
      const rows = await savedPage(db, { userId, cursor: cursorOf(query), limit: ITEM_PAGE_SIZE });
      const cards = await toSummaries(rows, userId);
      // Issue 29: 'Price dropped from {from} to {price}' on the cards whose price fell since the save.
      cards.forEach((card, i) => {
        const drop = rows[i]!.priceDrop;
        card.priceDrop = drop && { from: centsToDollars(drop.fromCents), at: drop.at };
      });
      return cards;
    },
  };
}

export type DiscoveryService = ReturnType<typeof createDiscoveryService>;
