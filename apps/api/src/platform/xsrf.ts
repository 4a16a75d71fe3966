import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import express, { type Request, type RequestHandler, type Response } from 'express';
import { ERROR_CODES } from '@keeb/shared';
import { AppError } from './errors';
import { SESSION_COOKIE } from './session';
import { setNewest } from './bounded-map';

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';
/** The field a plain HTML form carries the token in, on the paths allowed to take it (xsrfProtection's formPaths). */
export const XSRF_FORM_FIELD = '_xsrf';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Requests whose XSRF-TOKEN cookie this server signed for their session (read by requireXsrfHeader). */
const validTokens = new WeakSet<Request>();
/** The token each request's browser holds after this answer: the valid cookie it sent, or the one issued now. */
const currentTokens = new WeakMap<Request, string>();

const BINDING = Symbol('xsrfBinding');
const INNER_WRITE_HEAD = Symbol('xsrfInnerWriteHead');
/** A response whose writeHead re-issues the token when the session cookie changes (xsrfProtection). */
type TrackedResponse = Response & { [BINDING]?: string; [INNER_WRITE_HEAD]?: Response['writeHead'] };

/** How many checked cookie tokens are remembered (one per browser and session; the oldest are forgotten first). */
const CHECKED_TOKENS = 10_000;

function sameToken(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** The tokens signed with `secret`: made, and checked against the session cookie they are bound to. */
export function xsrfTokens(secret: string) {
  const mac = (binding: string, nonce: string) => createHmac('sha256', secret).update(`xsrf\n${binding}\n${nonce}`).digest('base64url');
  const signedFor = (token: string, binding: string): boolean => {
    const dot = token.indexOf('.');
    if (dot <= 0) return false;
    return sameToken(token.slice(dot + 1), mac(binding, token.slice(0, dot)));
  };
  // A browser sends the same token with every call of its session: the HMAC is computed once per pair, not per
  // request (it was the costliest step of a GET's own work). Only pairs found valid are kept; the secret cannot
  // change while the process runs, so a kept pair stays valid.
  const checked = new Map<string, true>();
  return {
    /** A new token bound to this session cookie ('' for none). */
    issue(binding: string): string {
      const nonce = randomBytes(18).toString('base64url');
      return `${nonce}.${mac(binding, nonce)}`;
    },
    /** Whether `token` was signed here for this session cookie ('' for none). */
    validFor(token: unknown, binding: string): token is string {
      if (typeof token !== 'string') return false;
      const key = `${binding}\n${token}`;
      if (checked.has(key)) return true;
      if (!signedFor(token, binding)) return false;
      setNewest(checked, key, true, CHECKED_TOKENS);
      return true;
    },
  };
}

export type XsrfTokens = ReturnType<typeof xsrfTokens>;

/**
 * Signed double submit (OWASP): a token is `<nonce>.<HMAC(secret, session cookie, nonce)>`. Only this server can
 * make one, and one made for a session is worthless with any other session cookie (or none), so a cookie and
 * header pair planted by someone else, or taken from their own session, is refused. Signed-out visitors have no
 * session cookie: their tokens are bound to that empty state, which keeps sign-in and sign-up working, and a new
 * token is issued in the same answer that sets or clears the session cookie.
 *
 * `secret`: the signing secret, or the tokens made with it (xsrfTokens).
 * `formPaths`: pages the server renders itself (the payment stand-in's approval page) post plain HTML forms, which
 * cannot send a header; on those paths alone a urlencoded body may carry the same token in its `_xsrf` field.
 */
export function xsrfProtection(secret: string | XsrfTokens, options: { formPaths?: RegExp } = {}): RequestHandler {
  const formBody = express.urlencoded({ extended: false, limit: '4kb' });
  // The tokens may be shared with another reader of them (the kept pages' door, discovery/kept-pages-door.ts).
  const { issue, validFor } = typeof secret === 'string' ? xsrfTokens(secret) : secret;
  const setCookie = (req: Request, res: Response, token: string) =>
    res.cookie(XSRF_COOKIE, token, { httpOnly: false, sameSite: 'lax', secure: req.secure, path: '/' });

  /** The session cookie this answer leaves in the browser: the one it sets or clears, else the one that came. */
  const bindingAfter = (res: Response, before: string): string => {
    const header = res.getHeader('set-cookie');
    for (const cookie of ([] as string[]).concat((header as string[] | string | undefined) ?? [])) {
      if (!cookie.startsWith(`${SESSION_COOKIE}=`)) continue;
      if (/expires=Thu, 01 Jan 1970/i.test(cookie)) return '';
      const value = cookie.slice(SESSION_COOKIE.length + 1).split(';')[0] ?? '';
      try {
        return decodeURIComponent(value);
      } catch {
        return value;
      }
    }
    return before;
  };

  /**
   * One function for every response, its state in the response's own fields: a closure made per request and
   * stored on the response kept about 8 KB per request alive through young-generation collections (3 MB promoted
   * at each under the benchmark's load, each collection 6-14 ms instead of 1-2), a pause every request in flight
   * waits out.
   */
  function writeHeadWithToken(this: TrackedResponse, ...args: Parameters<Response['writeHead']>) {
    const before = this[BINDING]!;
    const after = bindingAfter(this, before);
    if (after !== before) setCookie(this.req, this, issue(after));
    return this[INNER_WRITE_HEAD]!.apply(this, args);
  }

  return (req, res, next) => {
    const sessionCookie: unknown = req.cookies?.[SESSION_COOKIE];
    const binding = typeof sessionCookie === 'string' ? sessionCookie : '';
    const cookieToken: unknown = req.cookies?.[XSRF_COOKIE];
    const valid = validFor(cookieToken, binding);
    if (valid) {
      validTokens.add(req);
      currentTokens.set(req, cookieToken);
    } else {
      const token = issue(binding);
      currentTokens.set(req, token);
      setCookie(req, res, token);
    }
    // The session middleware sets its cookie while the headers are written: re-issue the token there when a
    // sign-in or sign-out changed the session, so the next call carries one that matches.
    const tracked = res as TrackedResponse;
    tracked[BINDING] = binding;
    tracked[INNER_WRITE_HEAD] = res.writeHead;
    res.writeHead = writeHeadWithToken as Response['writeHead'];
    if (SAFE_METHODS.has(req.method)) return next();
    const headerToken = req.get(XSRF_HEADER);
    if (headerToken === undefined && valid && options.formPaths?.test(req.path) && req.is('application/x-www-form-urlencoded')) {
      return formBody(req, res, (error?: unknown) => {
        if (error) return next(error);
        const fieldToken: unknown = (req.body as Record<string, unknown> | undefined)?.[XSRF_FORM_FIELD];
        next(typeof fieldToken === 'string' && sameToken(fieldToken, cookieToken) ? undefined : new AppError(403, ERROR_CODES.xsrf));
      });
    }
    if (!valid || !headerToken || !sameToken(headerToken, cookieToken)) return next(new AppError(403, ERROR_CODES.xsrf));
    next();
  };
}

/** The XSRF token the browser holds once this answer arrives, for a page that puts it in a form (XSRF_FORM_FIELD). */
export function xsrfTokenOf(req: Request): string {
  const token = currentTokens.get(req);
  if (!token) throw new Error('xsrfTokenOf: the request did not pass xsrfProtection');
  return token;
}

/**
 * For the few GETs that change something (resend a confirmation mail): the app sends the header on every call,
 * an <img> or a link on some page cannot, so a page element pointing here is refused.
 */
export const requireXsrfHeader: RequestHandler = (req, _res, next) => {
  const headerToken = req.get(XSRF_HEADER);
  const ok = validTokens.has(req) && typeof headerToken === 'string' && sameToken(headerToken, String(req.cookies?.[XSRF_COOKIE]));
  next(ok ? undefined : new AppError(403, ERROR_CODES.xsrf));
};
