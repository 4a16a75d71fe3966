import { Router, type RequestHandler } from 'express';
import { CommentInputSchema, CreateItemInputSchema, ITEM_ERRORS, UpdateItemInputSchema } from '@keeb/shared';
import { requireAdmin, requireLogin, userIdOf } from '../../platform/auth';
import { AppError, parseInput } from '../../platform/errors';
import type { ItemsService } from './service';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Item ids are UUIDs; anything else names no item (404), rather than reaching the database as bad input. */
const itemIdParam: RequestHandler = (req, _res, next) => {
  const id = req.params.id ?? req.params.itemId;
  next(typeof id === 'string' && UUID.test(id) ? undefined : new AppError(404, ITEM_ERRORS.notFound));
};

export function itemsRoutes(deps: { items: ItemsService; isAdmin: (userId: string) => Promise<boolean> }): Router {
  const { items } = deps;
  const router = Router();
  const adminOnly = requireAdmin(deps.isAdmin);

  router.post('/item', requireLogin, async (req, res) => {
    const input = parseInput(CreateItemInputSchema, req.body);
    res.json(await items.create(userIdOf(req), input));
  });

  // The spec's client may send the update as PUT or POST.
  for (const method of ['put', 'post'] as const) {
    router[method]('/item/:id', itemIdParam, requireLogin, async (req, res) => {
      const input = parseInput(UpdateItemInputSchema, req.body);
      res.json(await items.update(userIdOf(req), String(req.params.id), input));
    });
  }

  router.get('/item/:id', itemIdParam, async (req, res) => {
    res.set('Cache-Control', 'no-store').json(await items.detail(String(req.params.id), req.session.userId));
  });
  router.get('/item/:id/edit', itemIdParam, requireLogin, async (req, res) => {
    res.set('Cache-Control', 'no-store').json(await items.forEdit(userIdOf(req), String(req.params.id)));
  });
  router.get('/item/:id/duplicate', itemIdParam, requireLogin, async (req, res) => {
    res.set('Cache-Control', 'no-store').json(await items.forDuplicate(userIdOf(req), String(req.params.id)));
  });
  router.delete('/item/:id/remove', itemIdParam, requireLogin, async (req, res) => {
    res.json(await items.remove(userIdOf(req), String(req.params.id)));
  });

  router.post('/item/:itemId/comment', itemIdParam, requireLogin, async (req, res) => {
    const { body } = parseInput(CommentInputSchema, req.body);
    res.json(await items.comment(userIdOf(req), String(req.params.itemId), body));
  });
  router.post('/item/:id/save', itemIdParam, requireLogin, async (req, res) => {
    res.json(await items.save(userIdOf(req), String(req.params.id), true));
  });
  router.post('/item/:id/unsave', itemIdParam, requireLogin, async (req, res) => {
    res.json(await items.save(userIdOf(req), String(req.params.id), false));
  });

  router.get('/items/approval', adminOnly, async (req, res) => {
    const ts = typeof req.query.ts === 'string' && !Number.isNaN(Date.parse(req.query.ts)) ? new Date(req.query.ts) : undefined;
    res.set('Cache-Control', 'no-store').json(await items.approvalQueue(ts));
  });
  router.post('/item/:id/approve', itemIdParam, adminOnly, async (req, res) => {
    res.json(await items.approve(String(req.params.id)));
  });
  router.post('/item/:id/reject', itemIdParam, adminOnly, async (req, res) => {
    res.json(await items.reject(String(req.params.id)));
  });

  return router;
}
