import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import session from 'express-session';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { DatabaseSessionStore } from './session-store';
import { createSessionViewer, type SessionViewer } from './session-viewer';

declare module 'express-session' {
  interface SessionData {
    userId?: string;
  }
}

export const SESSION_COOKIE = 'sid';
const THIRTY_DAYS_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * Without SESSION_SECRET a random secret is generated once and kept in $DATA_DIR, so a restart does not log
 * everyone out and a fresh clone needs no setup.
 */
export function sessionSecret(config: Config): string {
  if (config.sessionSecret) return config.sessionSecret;
  const file = path.join(config.dataDir, 'session-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(config.dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export function createSessionMiddleware(config: Config, db: Database): { middleware: RequestHandler; store: DatabaseSessionStore; viewer: SessionViewer } {
  const store = new DatabaseSessionStore(db);
  const middleware = session({
    name: SESSION_COOKIE,
    secret: sessionSecret(config),
    store,
    resave: false,
    saveUninitialized: false,
    rolling: true,
    cookie: {
      httpOnly: true,
      sameSite: 'lax',
      // 'auto': Secure whenever the request arrived over https (directly or via a trusted proxy).
      secure: 'auto',
      maxAge: THIRTY_DAYS_MS,
    },
  });
  return { middleware, store, viewer: createSessionViewer(store, sessionSecret(config)) };
}

/** What a request without a session cookie reads: nobody signed in. Frozen, so a write throws instead of vanishing. */
const SIGNED_OUT = Object.freeze({}) as Request['session'];

const SAFE_METHODS = new Set(['GET', 'HEAD']);

/**
 * Runs `routes` with the session only when the request can have one. Without a session cookie nobody is signed
 * in, so the routes read an empty, frozen session instead of a new one that would never be saved (express-session
 * makes a random id, a cookie and a hash for each request). For routes that only ask who is asking, like the public
 * lists; a route that writes the session (sign-in, OAuth state) belongs behind the full middleware. A request the
 * routes do not answer leaves without that empty session, so the routes after them get a real one.
 *
 * Issue 37: with a `viewer`, a signed-in GET reads a frozen session holding its user (session-viewer.ts: the
 * cookie's signature checked once, the user kept a second) instead of express-session's. Such a read neither rolls
 * the cookie nor touches the row: the member's other calls (their counts, their own pages) do. Any other method
 * gets the full session, read from its row.
 */
export function withSessionIfSignedIn(session: RequestHandler, routes: RequestHandler, viewer?: SessionViewer): RequestHandler {
  const run = (req: Request, res: Response, next: NextFunction, read: Request['session']) => {
    req.session = read;
    routes(req, res, (error?: unknown) => {
      Reflect.deleteProperty(req, 'session');
      next(error);
    });
  };
  return (req, res, next) => {
    const cookie: unknown = req.cookies?.[SESSION_COOKIE];
    if (typeof cookie !== 'string') return run(req, res, next, SIGNED_OUT);
    if (!viewer || !SAFE_METHODS.has(req.method)) {
      session(req, res, (error?: unknown) => (error ? next(error) : routes(req, res, next)));
      return;
    }
    viewer(req, cookie).then(
      (userId) => run(req, res, next, userId ? (Object.freeze({ userId }) as Request['session']) : SIGNED_OUT),
      next,
    );
  };
}
