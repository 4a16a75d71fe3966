import type { Request } from 'express';
import { WANT_ERRORS, WantInputSchema, WantMatchesQuerySchema, WantUpdateSchema } from '@keeb/shared';
import { userIdOf } from '../../platform/auth';
import { parseInput } from '../../platform/errors';
import { uuidParam } from '../../platform/ids';
import { route, type RouteSpec } from '../../platform/route-table';
import type { WantsService } from './service';

/** Want ids are UUIDs; anything else names no want. */
const wantIdParam = uuidParam(WANT_ERRORS.notFound);

/**
 * Want-lists (issue 16), the signed-in user's own. A want of someone else's answers 404 not_found like one that
 * does not exist: whether an id is a want of another user's is nobody else's business.
 */
export function wantsRoutes(deps: { wants: WantsService }): RouteSpec[] {
  const { wants } = deps;
  const id = (req: Request) => String(req.params.id);
  return [
    route({
      method: 'get', path: '/me/wants', access: 'signedIn',
      handler: async (req, res) => {
        res.json(await wants.list(userIdOf(req)));
      },
    }),
    route({
      method: 'post', path: '/me/wants', access: 'signedIn', input: { body: WantInputSchema },
      handler: async (req, res) => {
        res.status(201).json(await wants.create(userIdOf(req), parseInput(WantInputSchema, req.body)));
      },
    }),
    route({
      method: 'post', path: '/me/wants/seen', access: 'signedIn',
      handler: async (req, res) => {
        res.json(await wants.markSeen(userIdOf(req)));
      },
    }),
    route({
      method: 'put', path: '/me/wants/:id', access: 'signedIn', before: [wantIdParam], input: { body: WantUpdateSchema },
      handler: async (req, res) => {
        res.json(await wants.update(userIdOf(req), id(req), parseInput(WantUpdateSchema, req.body)));
      },
    }),
    route({
      method: 'delete', path: '/me/wants/:id', access: 'signedIn', before: [wantIdParam],
      handler: async (req, res) => {
        res.json(await wants.remove(userIdOf(req), id(req)));
      },
    }),
    route({
      method: 'get', path: '/me/wants/:id/matches', access: 'signedIn', before: [wantIdParam], input: { query: WantMatchesQuerySchema },
      handler: async (req, res) => {
        res.json(await wants.matches(userIdOf(req), id(req), parseInput(WantMatchesQuerySchema, req.query)));
      },
    }),
  ];
}
