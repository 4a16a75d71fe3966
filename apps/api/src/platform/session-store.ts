import { and, eq, lt, sql } from 'drizzle-orm';
import session from 'express-session';
import type { Database } from '../db/client';
import { sessions } from '../db/schema/index';

type Callback<T = void> = (err?: unknown, value?: T) => void;

const DEFAULT_TTL_MS = 30 * 24 * 60 * 60 * 1000;
const PRUNE_EVERY_MS = 15 * 60 * 1000;
/**
 * A rolling session's stored expiry moves at most this often (connect-mongo's `touchAfter`), or a tenth of a shorter
 * session's lifetime: a signed-in request otherwise writes (and syncs to disk) the session row every time. The cookie
 * still rolls on every response; the row's expiry trails it by at most this much.
 */
export const TOUCH_AFTER_MS = 60 * 60 * 1000;
export const touchAfterMs = (sess: session.SessionData) => Math.min(TOUCH_AFTER_MS, (sess.cookie?.originalMaxAge ?? DEFAULT_TTL_MS) / 10);

function expiryOf(sess: session.SessionData): Date {
  const expires = sess.cookie?.expires;
  return expires ? new Date(expires) : new Date(Date.now() + DEFAULT_TTL_MS);
}

/**
 * express-session store on our own database, so sessions live in PostgreSQL (or PGlite) with either driver and
 * need no second connection pool. Expired rows are ignored on read and pruned periodically.
 */
export class DatabaseSessionStore extends session.Store {
  private pruneTimer: NodeJS.Timeout | undefined;

  constructor(private readonly db: Database) {
    super();
    this.pruneTimer = setInterval(() => void this.prune().catch(() => undefined), PRUNE_EVERY_MS);
    this.pruneTimer.unref();
  }

  override get = (sid: string, callback: Callback<session.SessionData | null>): void => {
    this.db
      .select({ sess: sessions.sess, expiresAt: sessions.expiresAt })
      .from(sessions)
      .where(eq(sessions.sid, sid))
      .then(([row]) => callback(undefined, row && row.expiresAt > new Date() ? (row.sess as session.SessionData) : null))
      .catch((err: unknown) => callback(err));
  };

  override set = (sid: string, sess: session.SessionData, callback?: Callback): void => {
    const expiresAt = expiryOf(sess);
    this.db
      .insert(sessions)
      .values({ sid, sess, expiresAt })
      .onConflictDoUpdate({ target: sessions.sid, set: { sess, expiresAt } })
      .then(() => callback?.())
      .catch((err: unknown) => callback?.(err));
  };

  override destroy = (sid: string, callback?: Callback): void => {
    this.db
      .delete(sessions)
      .where(eq(sessions.sid, sid))
      .then(() => callback?.())
      .catch((err: unknown) => callback?.(err));
  };

  override touch = (sid: string, sess: session.SessionData, callback?: Callback): void => {
    const expiresAt = expiryOf(sess);
    this.db
      .update(sessions)
      .set({ expiresAt })
      .where(and(eq(sessions.sid, sid), lt(sessions.expiresAt, new Date(expiresAt.getTime() - touchAfterMs(sess)))))
      .then(() => callback?.())
      .catch((err: unknown) => callback?.(err));
  };

  async prune(): Promise<void> {
    await this.db.delete(sessions).where(lt(sessions.expiresAt, sql`now()`));
  }

  close(): void {
    clearInterval(this.pruneTimer);
  }
}
