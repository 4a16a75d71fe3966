import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Request } from 'express';
import type { DatabaseSessionStore } from './session-store';
import { setNewest } from './bounded-map';

/**
 * Issue 37: who is asking, for the public reads that only need to know that (the lists, the item page, profiles),
 * without express-session's work on every request: a CPU profile of a member's filtered page under load put
 * express-session (the session's hash before and after the route, the cookie's signature checked and made again,
 * the rolling cookie written) and the session row's read at about a third of what a member's page cost more than a
 * visitor's (docs/performance/2026-11-28-member-request-profile.md). Here the cookie's signature is checked once
 * per cookie (kept, as the XSRF check keeps its pairs) and the session's user is kept for `ttlMs`.
 *
 * Freshness: a session ended in this process (sign-out, a password change or reset, account removal) is forgotten at
 * once; one ended in another API process is seen here within `ttlMs` (1 s, the visitors' first-page cache's age).
 * Only safe methods read through here; a write always reads the session row itself (platform/session.ts).
 */

/** How many cookies and sessions each map keeps (the oldest are forgotten first). */
const KEPT = 10_000;

interface Kept {
  userId: string | undefined;
  at: number;
}

/** Every viewer of this process, so that ending a user's sessions reaches them all (forgetSessionsOf). */
const viewers = new Set<{ forgetUser(userId: string): void }>();

/** Ends what this process kept of a user's sessions: called where their session rows are deleted. */
export function forgetSessionsOf(userId: string): void {
  for (const viewer of viewers) viewer.forgetUser(userId);
}

/** express-session's cookie value `s:<sid>.<HMAC-SHA256(secret, sid), base64 without padding>` (cookie-signature). */
function unsigned(value: string, secret: string): string | undefined {
  if (!value.startsWith('s:')) return undefined;
  const dot = value.lastIndexOf('.');
  if (dot <= 2) return undefined;
  const sid = value.slice(2, dot);
  const expected = Buffer.from(createHmac('sha256', secret).update(sid).digest('base64').replace(/=+$/, ''));
  const given = Buffer.from(value.slice(dot + 1));
  return expected.length === given.length && timingSafeEqual(expected, given) ? sid : undefined;
}

export type SessionViewer = (req: Request, cookie: string) => Promise<string | undefined>;

export function createSessionViewer(store: DatabaseSessionStore, secret: string, ttlMs = 1000, now: () => number = Date.now): SessionViewer {
  const sids = new Map<string, string>();
  const sessions = new Map<string, Kept>();
  viewers.add({
    forgetUser(userId) {
      for (const [sid, kept] of sessions) if (kept.userId === userId) sessions.delete(sid);
    },
  });
  store.onForget((sid) => sessions.delete(sid));

  const read = (sid: string) =>
    new Promise<Kept>((resolve, reject) =>
      // The store answers null for a session that is gone or past its expiry.
      store.get(sid, (error, sess) => (error ? reject(error) : resolve({ userId: sess?.userId ?? undefined, at: now() }))),
    );

  /** The signed-in user of this cookie's session, or undefined (no such session, or it expired). */
  return async (_req, cookie) => {
    let sid = sids.get(cookie);
    if (sid === undefined) {
      sid = unsigned(cookie, secret);
      if (sid === undefined) return undefined;
      setNewest(sids, cookie, sid, KEPT);
    }
    const time = now();
    const kept = sessions.get(sid);
    if (kept && time - kept.at < ttlMs) return kept.userId;
    const fresh = await read(sid);
    setNewest(sessions, sid, fresh, KEPT);
    return fresh.userId;
  };
}
