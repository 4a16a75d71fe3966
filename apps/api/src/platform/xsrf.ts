import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { RequestHandler } from 'express';
import { ERROR_CODES } from '@keeb/shared';
import { AppError } from './errors';

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function sameToken(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * Double-submit XSRF protection: every response carries a readable XSRF-TOKEN cookie, and every state-changing
 * request must echo it in X-XSRF-TOKEN. A cross-site page can make the browser send the cookie but cannot read
 * it, so it cannot forge the header. SameSite=Lax on the session cookie is the second line.
 */
export const xsrfProtection: RequestHandler = (req, res, next) => {
  const cookieToken: unknown = req.cookies?.[XSRF_COOKIE];
  const hasCookie = typeof cookieToken === 'string' && cookieToken.length >= 32;
  if (!hasCookie) {
    res.cookie(XSRF_COOKIE, randomBytes(32).toString('base64url'), {
      httpOnly: false,
      sameSite: 'lax',
      secure: req.secure,
      path: '/',
    });
  }
  if (SAFE_METHODS.has(req.method)) return next();
  const headerToken = req.get(XSRF_HEADER);
  if (!hasCookie || !headerToken || !sameToken(headerToken, cookieToken)) {
    return next(new AppError(403, ERROR_CODES.xsrf));
  }
  next();
};
