import { and, eq, lt, sql } from 'drizzle-orm';
import session from 'express-session';
import { isoFromJson, jsonRows, type Database } from '../db/client';
import { sessions } from '../db/schema/index';
import { setNewest } from './bounded-map';

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
  /**
   * Each session's stored expiry as this process last read or wrote it. express-session reads the session (get)
   * at the start of every request that carries one, so when it touches the session at the end the expiry read in
   * the same request is here, and a touch that would not move it costs no query at all. Bounded: the oldest
   * entries go first.
   */
  private readonly storedExpiry = new Map<string, number>();
  private static readonly STORED_EXPIRY_MAX = 50_000;

  private remember(sid: string, expiresAt: Date) {
    setNewest(this.storedExpiry, sid, expiresAt.getTime(), DatabaseSessionStore.STORED_EXPIRY_MAX);
  }

  /** Told of every session written or destroyed here (platform/session-viewer.ts keeps sessions' users a moment). */
  private readonly forgetListeners: Array<(sid: string) => void> = [];
  onForget(listener: (sid: string) => void): void {
    this.forgetListeners.push(listener);
  }
  private forget(sid: string): void {
    for (const listener of this.forgetListeners) listener(sid);
  }

  constructor(private readonly db: Database) {
    super();
    this.pruneTimer = setInterval(() => void this.prune().catch(() => undefined), PRUNE_EVERY_MS);
    this.pruneTimer.unref();
  }

  /** Every signed-in request starts here: a prepared statement, not a query built and planned each time. */
  override get = (sid: string, callback: Callback<session.SessionData | null>): void => {
    jsonRows(this.db, { sql: 'select json_build_array(sess, expires_at)::text from sessions where sid = $1', params: [sid] }, 'session_get', 'generic')
      .then(([row]) => {
        if (!row) return callback(undefined, null);
        const [sess, expiresAt] = row as [session.SessionData, string];
        const expires = new Date(isoFromJson(expiresAt));
        this.remember(sid, expires);
        callback(undefined, expires > new Date() ? sess : null);
      })
      .catch((err: unknown) => callback(err));
  };

  override set = (sid: string, sess: session.SessionData, callback?: Callback): void => {
    const expiresAt = expiryOf(sess);
    this.forget(sid);
    this.db
      .insert(sessions)
      .values({ sid, sess, expiresAt })
      .onConflictDoUpdate({ target: sessions.sid, set: { sess, expiresAt } })
      .then(() => {
        this.remember(sid, expiresAt);
        callback?.();
      })
      .catch((err: unknown) => callback?.(err));
  };

  override destroy = (sid: string, callback?: Callback): void => {
    this.storedExpiry.delete(sid);
    this.forget(sid);
    this.db
      .delete(sessions)
      .where(eq(sessions.sid, sid))
      .then(() => callback?.())
      .catch((err: unknown) => callback?.(err));
  };

  override touch = (sid: string, sess: session.SessionData, callback?: Callback): void => {
    const expiresAt = expiryOf(sess);
    const movesAfter = expiresAt.getTime() - touchAfterMs(sess);
    const stored = this.storedExpiry.get(sid);
    if (stored !== undefined && stored >= movesAfter) {
      callback?.();
      return;
    }
    this.db
      .update(sessions)
      .set({ expiresAt })
      .where(and(eq(sessions.sid, sid), lt(sessions.expiresAt, new Date(movesAfter))))
      .then(() => {
        this.remember(sid, expiresAt);
        callback?.();
      })
      .catch((err: unknown) => callback?.(err));
  };

  async prune(): Promise<void> {
    await this.db.delete(sessions).where(lt(sessions.expiresAt, sql`now()`));
  }

  close(): void {
    clearInterval(this.pruneTimer);
  }
}
