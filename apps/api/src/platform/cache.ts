import type { RequestHandler } from 'express';

/**
 * Every API answer is `no-store` unless its route says otherwise. Most depend on who asks (their own lists, saved
 * flags, isFollowing, the session), and a browser's or proxy's cache must never show one viewer's answer to
 * another, or a signed-out page the signed-in state. A route whose answer is the same for everyone (reference
 * data) sets its own Cache-Control, which replaces this one; a new route is safe without thinking about it.
 */
export const noStoreByDefault: RequestHandler = (_req, res, next) => {
  res.setHeader('Cache-Control', 'no-store');
  next();
};
