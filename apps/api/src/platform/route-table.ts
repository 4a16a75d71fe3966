import { Router, type Express, type Request, type RequestHandler, type Response } from 'express';
import type { z } from 'zod';
import { ERROR_CODES } from '@keeb/shared';
import { requireAdmin, requireLogin } from './auth';
import { AppError } from './errors';
import { refuseUnsafeText } from './input-guard';

/**
 * Who may call a route:
 * - public: anyone, signed in or not (the handler may still read who is asking);
 * - signedIn: any signed-in user, acting on their own account or on shared things (save, comment, follow);
 * - owner: a signed-in user acting on a resource that must be theirs: the route names the resource's owner
 *   (ownerOf) and the table answers 404 `not_found` when there is none, 403 `forbidden` to anyone else, before
 *   the body is even read (services check again: defence in depth);
 * - admin: an account holding admin rights.
 */
export type Access = 'public' | 'signedIn' | 'owner' | 'admin';
export type Method = 'get' | 'post' | 'put' | 'delete';

/** What a route reads from the request, for the tests that send it bad input. Path parameters come from `path`. */
export interface RouteInput {
  /** The JSON (or urlencoded) body's schema. */
  body?: z.ZodType;
  query?: z.ZodType;
  /** The file field of a multipart/form-data upload. */
  multipart?: string;
}

export interface RouteSpec {
  method: Method;
  /** Express path under /api, e.g. '/item/:id'. */
  path: string;
  access: Access;
  input?: RouteInput;
  /** For access 'owner': the id of the user owning the resource the request names, undefined when it does not exist. */
  ownerOf?: (req: Request) => Promise<string | undefined>;
  /** Middleware run before the access check, in order: path-parameter format, feature switches, rate limits. */
  before?: readonly RequestHandler[];
  /** Middleware run after the access check and before the handler: rate limits, body parsers, uploads. */
  after?: readonly RequestHandler[];
  handler: (req: Request, res: Response) => unknown;
  /**
   * A POST that changes nothing (the spec's client sends some reads as POST, e.g. searchItems): it does not make
   * its caller a writer who must read from the primary for a while (platform/read-routing.ts).
   */
  readOnly?: true;
}

/** Declares one API route; modules answer a list of these, and the route table turns them into routers. */
export function route(spec: RouteSpec): RouteSpec {
  if ((spec.access === 'owner') !== Boolean(spec.ownerOf)) throw new Error(`${spec.path}: ownerOf goes with access 'owner', and only with it`);
  return spec;
}

/** What the tests read about a route: everything but the functions. */
export interface RouteInfo {
  method: Method;
  path: string;
  access: Access;
  input: RouteInput;
  /** Names of the path parameters, e.g. ['id']. */
  params: string[];
  /** What the handler's code reads, so a test can insist that `input` declares it (and the fuzz test sends it). */
  reads: { body: boolean; query: boolean; file: boolean };
}

const TABLE = Symbol('routeTable');

/**
 * The one place API routes are registered. Each module's routes.ts declares its routes with `route(...)`; the
 * table builds an Express router from them (the access check and the input guard added the same way for all)
 * and remembers every declaration, so the access-matrix and fuzz tests enumerate exactly what is served.
 */
export class RouteTable {
  private readonly declared: RouteInfo[] = [];
  /** The routers built, so a test can compare what Express serves with what was declared. */
  readonly routers: Router[] = [];
  private readonly admin: RequestHandler;

  private readonly rememberWrite: RequestHandler[];

  /** rememberWrite: run on every state-changing call that passed its access check (read-your-writes). */
  constructor(deps: { isAdmin: (userId: string) => Promise<boolean>; rememberWrite?: RequestHandler }) {
    this.admin = requireAdmin(deps.isAdmin);
    this.rememberWrite = deps.rememberWrite ? [deps.rememberWrite] : [];
  }

  /** A router serving `specs`, in their order. */
  router(specs: RouteSpec[]): Router {
    const router = Router();
    this.routers.push(router);
    for (const spec of specs) {
      const key = `${spec.method.toUpperCase()} ${spec.path}`;
      if (this.declared.some((r) => `${r.method.toUpperCase()} ${r.path}` === key)) throw new Error(`route declared twice: ${key}`);
      this.declared.push({
        method: spec.method,
        path: spec.path,
        access: spec.access,
        input: spec.input ?? {},
        params: [...spec.path.matchAll(/:(\w+)/g)].map((m) => m[1] ?? ''),
        reads: readsOf(spec.handler.toString()),
      });
      // Express 5 passes a rejected promise from the handler to the error middleware itself.
      const handler = spec.handler as RequestHandler;
      const writes = spec.method !== 'get' && !spec.readOnly ? this.rememberWrite : [];
      router[spec.method](spec.path, ...(spec.before ?? []), ...this.accessCheck(spec), ...writes, ...(spec.after ?? []), refuseUnsafeText, handler);
    }
    return router;
  }

  /** Every declared route, in registration order. */
  get routes(): readonly RouteInfo[] {
    return this.declared;
  }

  /** Keeps the table on the app, where tests find it (routeTableOf). */
  attachTo(app: Express): void {
    (app.locals as Record<symbol, unknown>)[TABLE] = this;
  }

  private accessCheck(spec: RouteSpec): RequestHandler[] {
    switch (spec.access) {
      case 'public':
        return [];
      case 'signedIn':
        return [requireLogin];
      case 'owner':
        return [requireLogin, ownerOnly(spec.ownerOf)];
      case 'admin':
        return [this.admin];
    }
  }
}

const readsOf = (source: string) => ({ body: /\breq\.body\b/.test(source), query: /\breq\.query\b/.test(source), file: /\breq\.file\b/.test(source) });

function ownerOnly(ownerOf: RouteSpec['ownerOf']): RequestHandler {
  return async (req, _res, next) => {
    const owner = await ownerOf?.(req);
    if (owner === undefined) return next(new AppError(404, ERROR_CODES.notFound));
    next(owner === req.session.userId ? undefined : new AppError(403, ERROR_CODES.forbidden));
  };
}

/** The route table of an app built by createApp: `.routes` are what it serves under /api. */
export function routeTableOf(app: Express): RouteTable {
  const table = (app.locals as Record<symbol, unknown>)[TABLE];
  if (!(table instanceof RouteTable)) throw new Error('this app was not built by createApp');
  return table;
}
