import type { Request, RequestHandler } from 'express';
import { ApprovalQueueQuerySchema, CommentInputSchema, CreateItemInputSchema, ITEM_ERRORS, UpdateItemInputSchema } from '@keeb/shared';
import { userIdOf } from '../../platform/auth';
import { AppError, parseInput } from '../../platform/errors';
import { isUuid } from '../../platform/ids';
import { route, type RouteSpec } from '../../platform/route-table';
import type { ItemsService } from './service';

/** Item ids are UUIDs; anything else names no item (404), rather than reaching the database as bad input. */
const itemIdParam: RequestHandler = (req, _res, next) => {
  next(isUuid(req.params.id ?? req.params.itemId) ? undefined : new AppError(404, ITEM_ERRORS.notFound));
};
const byItemId = [itemIdParam];

export function itemsRoutes(deps: { items: ItemsService }): RouteSpec[] {
  const { items } = deps;
  // The owner routes all name the listing by :id; the table refuses everyone but its seller before the handler runs.
  const owner = { access: 'owner', ownerOf: (req: Request) => items.sellerOf(String(req.params.id)) } as const;
  return [
    route({
      method: 'post', path: '/item', access: 'signedIn', input: { body: CreateItemInputSchema },
      handler: async (req, res) => {
        const input = parseInput(CreateItemInputSchema, req.body);
        res.json(await items.create(userIdOf(req), input));
      },
    }),

    // The spec's client may send the update as PUT or POST.
    ...(['put', 'post'] as const).map((method) =>
      route({
        method, path: '/item/:id', ...owner, input: { body: UpdateItemInputSchema }, before: byItemId,
        handler: async (req, res) => {
          const input = parseInput(UpdateItemInputSchema, req.body);
          res.json(await items.update(userIdOf(req), String(req.params.id), input));
        },
      }),
    ),

    // It writes (issues a code the first time of the day), hence a POST; the same code comes back all day.
    route({
      method: 'post', path: '/items/timestamp-code', access: 'signedIn',
      handler: async (req, res) => {
        res.json(await items.timestampCode(userIdOf(req)));
      },
    }),

    route({
      method: 'get', path: '/item/:id', access: 'public', before: byItemId,
      handler: async (req, res) => {
        res.json(await items.detail(String(req.params.id), req.session.userId));
      },
    }),
    route({
      method: 'get', path: '/item/:id/edit', ...owner, before: byItemId,
      handler: async (req, res) => {
        res.json(await items.forEdit(userIdOf(req), String(req.params.id)));
      },
    }),
    route({
      method: 'get', path: '/item/:id/duplicate', ...owner, before: byItemId,
      handler: async (req, res) => {
        res.json(await items.forDuplicate(userIdOf(req), String(req.params.id)));
      },
    }),
    route({
      method: 'delete', path: '/item/:id/remove', ...owner, before: byItemId,
      handler: async (req, res) => {
        res.json(await items.remove(userIdOf(req), String(req.params.id)));
      },
    }),

    route({
      method: 'post', path: '/item/:itemId/comment', access: 'signedIn', input: { body: CommentInputSchema }, before: byItemId,
      handler: async (req, res) => {
        const { body } = parseInput(CommentInputSchema, req.body);
        res.json(await items.comment(userIdOf(req), String(req.params.itemId), body));
      },
    }),
    route({
      method: 'post', path: '/item/:id/save', access: 'signedIn', before: byItemId,
      handler: async (req, res) => {
        res.json(await items.save(userIdOf(req), String(req.params.id), true));
      },
    }),
    route({
      method: 'post', path: '/item/:id/unsave', access: 'signedIn', before: byItemId,
      handler: async (req, res) => {
        res.json(await items.save(userIdOf(req), String(req.params.id), false));
      },
    }),

    route({
      method: 'get', path: '/items/approval', access: 'admin', input: { query: ApprovalQueueQuerySchema },
      handler: async (req, res) => {
        const { ts } = parseInput(ApprovalQueueQuerySchema, req.query);
        res.json(await items.approvalQueue(ts === undefined ? undefined : new Date(ts)));
      },
    }),
    route({
      method: 'post', path: '/item/:id/approve', access: 'admin', before: byItemId,
      handler: async (req, res) => {
        res.json(await items.approve(String(req.params.id)));
      },
    }),
    route({
      method: 'post', path: '/item/:id/reject', access: 'admin', before: byItemId,
      handler: async (req, res) => {
        res.json(await items.reject(String(req.params.id)));
      },
    }),
  ];
}
