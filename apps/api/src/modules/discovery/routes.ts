import type { RequestHandler } from 'express';
import { ItemListQuerySchema, PriceHistoryQuerySchema, SearchSuggestionsQuerySchema } from '@keeb/shared';
import { userIdOf } from '../../platform/auth';
import { parseInput } from '../../platform/errors';
import { readsOf, type PublicReads } from '../../platform/read-routing';
import { route, type RouteSpec } from '../../platform/route-table';
import { isHomeFirstPage, isSpecFirstPage } from './first-pages';
import type { KeptPages } from './kept-pages-door';
import { sendKept } from './kept-answer';
import { profilesRoutes } from './profiles-routes';
import type { DiscoveryService } from './service';

const listQuery = { query: ItemListQuerySchema };

/**
 * jsonBody: the API's JSON body parser; these routes come before it, and only searchItems has a body.
 * kept: the signed-out first pages and facets, kept firstPageCacheMs (first-pages.ts; 0 reads every one) and sent
 * again at the door (kept-pages-door.ts).
 * The public lists (feed, search, price history, suggestions, a seller's listings) may come from a replica
 * (reads.read); the signed-in user's own lists come from the primary.
 */
export function discoveryRoutes(reads: PublicReads<DiscoveryService>, { jsonBody, firstPageCacheMs, kept }: { jsonBody: RequestHandler; firstPageCacheMs: number; kept: KeptPages }): RouteSpec[] {
  const discovery = reads.primary;
  return [
    route({
      method: 'get', path: '/items', access: 'public', input: listQuery,
      handler: async (req, res) => {
        const query = parseInput(ItemListQuerySchema, req.query);
        const viewer = req.session.userId;
        const cache = viewer || firstPageCacheMs === 0 ? undefined : isHomeFirstPage(query) ? kept.home : isSpecFirstPage(query) ? kept.specs : undefined;
        if (!cache) return void res.json(await reads.read(req, (d) => d.feed(query, viewer)));
        await sendKept(req, res, await cache.answer(query, () => reads.read(req, (d) => d.feed(query, undefined)), req.originalUrl));
      },
    }),
    // The spec sends searchText and ts as query parameters; a JSON body with the same fields is accepted too.
    route({
      method: 'post', path: '/searchItems', access: 'public', input: { ...listQuery, body: ItemListQuerySchema }, after: [jsonBody], readOnly: true,
      handler: async (req, res) => {
        const body = req.body && typeof req.body === 'object' && !Array.isArray(req.body) ? (req.body as Record<string, unknown>) : {};
        const query = parseInput(ItemListQuerySchema, { ...body, ...req.query });
        res.json(await reads.read(req, (d) => d.feed(query, req.session.userId)));
      },
    }),
    // Issue 29: the filters modal's counts. Kept a moment for signed-out visitors, like the first pages: the same
    // combinations are asked by many of them; a signed-in viewer (who may just have listed) reads them fresh.
    route({
      method: 'get', path: '/items/facets', access: 'public', input: listQuery,
      handler: async (req, res) => {
        const query = parseInput(ItemListQuerySchema, req.query);
        const counts = { ...query, ts: undefined, price: undefined, likes: undefined, cursorId: undefined, sort: undefined };
        if (req.session.userId || firstPageCacheMs === 0) return void res.json(await reads.read(req, (d) => d.facets(counts)));
        await sendKept(req, res, await kept.facets.answer(counts, () => reads.read(req, (d) => d.facets(counts)), req.originalUrl));
      },
    }),
    route({
      method: 'get', path: '/items/price-history', access: 'public', input: { query: PriceHistoryQuerySchema },
      handler: async (req, res) => {
        const query = parseInput(PriceHistoryQuerySchema, req.query);
        res.json(await reads.read(req, (d) => d.priceHistory(query)));
      },
    }),
    route({
      method: 'get', path: '/items/suggest', access: 'public', input: { query: SearchSuggestionsQuerySchema },
      handler: async (req, res) => {
        const { searchText } = parseInput(SearchSuggestionsQuerySchema, req.query);
        res.json(await reads.read(req, (d) => d.suggest(searchText)));
      },
    }),
    route({
      method: 'get', path: '/user/:id/items/listed', access: 'public', input: listQuery,
      handler: async (req, res) => {
        const query = parseInput(ItemListQuerySchema, req.query);
        res.json(await reads.read(req, (d) => d.sellerListed(String(req.params.id), query, req.session.userId)));
      },
    }),
    ...(['listed', 'sold', 'purchased'] as const).map((kind) =>
      route({
        method: 'get', path: `/me/items/${kind}`, access: 'signedIn', input: listQuery,
        handler: async (req, res) => {
          res.json(await discovery.mine(kind, userIdOf(req), parseInput(ItemListQuerySchema, req.query)));
        },
      }),
    ),
    route({
      method: 'get', path: '/me/items/saved', access: 'signedIn', input: listQuery,
      handler: async (req, res) => {
        res.json(await discovery.saved(userIdOf(req), parseInput(ItemListQuerySchema, req.query)));
      },
    }),
    route({
      method: 'get', path: '/me/items/followed', access: 'signedIn', input: listQuery,
      handler: async (req, res) => {
        res.json(await discovery.followed(userIdOf(req), parseInput(ItemListQuerySchema, req.query)));
      },
    }),
    ...profilesRoutes(readsOf(reads, (d) => d.profiles)),
  ];
}
