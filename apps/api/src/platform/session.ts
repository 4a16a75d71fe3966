import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { RequestHandler } from 'express';
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
function sessionSecret(config: Config): string {
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
