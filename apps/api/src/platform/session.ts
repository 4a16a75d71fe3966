import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Request, RequestHandler } from 'express';
import session from 'express-session';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { DatabaseSessionStore } from './session-store';

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

export function createSessionMiddleware(config: Config, db: Database): { middleware: RequestHandler; store: DatabaseSessionStore } {
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
  return { middleware, store };
}

/** What a request without a session cookie reads: nobody signed in. Frozen, so a write throws instead of vanishing. */
const SIGNED_OUT = Object.freeze({}) as Request['session'];

/**
 * Runs `routes` with the session only when the request can have one. Without a session cookie nobody is signed
 * in, so the routes read an empty, frozen session instead of a new one that would never be saved (express-session
 * makes a random id, a cookie and a hash for each request). For routes that only ask who is asking, like the public
 * lists; a route that writes the session (sign-in, OAuth state) belongs behind the full middleware. A request the
 * routes do not answer leaves without that empty session, so the routes after them get a real one.
 */
export function withSessionIfSignedIn(session: RequestHandler, routes: RequestHandler): RequestHandler {
  return (req, res, next) => {
    if (typeof req.cookies?.[SESSION_COOKIE] === 'string') {
      session(req, res, (error?: unknown) => (error ? next(error) : routes(req, res, next)));
      return;
    }
    req.session = SIGNED_OUT;
    routes(req, res, (error?: unknown) => {
      Reflect.deleteProperty(req, 'session');
      next(error);
    });
  };
}
