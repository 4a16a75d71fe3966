import type { RequestHandler } from 'express';
import { ERROR_CODES } from '@keeb/shared';
import { AppError } from './errors';

/**
 * Input no statement can hold, refused for every route at once (the route table puts refuseUnsafeText in front of
 * every handler): one guard here replaces a check at each field, and a field added tomorrow is covered too.
 *
 * - A NUL (0x00): PostgreSQL cannot store it in text.
 * - A lone surrogate (issue 36: '\ud800' in JSON): no UTF-8 text holds one; PostgreSQL refused it in a jsonb column
 *   (the mailing address) and the drivers turned it into U+FFFD elsewhere. A pair (an emoji) is well formed.
 * - An object key that JavaScript objects treat specially (issue 36): `__proto__`, `constructor`, `prototype`. No
 *   input has such a key, and a lookup `table[key]` answers the prototype's members for them.
 * - A whole value shaped as an ISO 8601 date-time (or a `time_id` list cursor) naming a day or time no column holds (issue
 *   36: year 0000 answered 500): PostgreSQL has no year 0 and refuses month 13 or February 30; JavaScript reads some
 *   of these. The years 1 to 9999 are what the cursors' parsers take (CursorTimestampSchema).
 */

export type Unsafe =
  | { code: typeof ERROR_CODES.invalidCharacters; field?: string }
  | { code: typeof ERROR_CODES.invalidKey; field: string }
  | { code: 'date'; field: string };

const RESERVED_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/** In a `u` pattern a pair is one code point, so only a surrogate that is not half of a pair matches. */
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;

/** A text no column can hold: a NUL, or a lone surrogate. */
const unsafeText = (text: string) => text.includes('\u0000') || LONE_SURROGATE.test(text);

/**
 * A whole value that is an ISO 8601 date-time (a `T` and at least hours and minutes, an optional offset), optionally
 * followed by `_` or `|` and a cursor's id: year (4 to 6 digits, signed or not), month, day, hour, minute, second. A
 * bare date ('2026-12-24') is left to its field's rules: a username or a search may be shaped like one.
 */
const DATE_SHAPED = /^([+-]?\d{4,6})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:[.,]\d+)?)?(?:Z|[+-](\d{2})(?::?(\d{2}))?)?(?:[_|].*)?$/s;

/** True when `text` is date-shaped and names a date PostgreSQL cannot store (or reads differently from JavaScript). */
export function isUnstorableDate(text: string): boolean {
  if (text.length > 120) return false;
  const m = DATE_SHAPED.exec(text);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (!/^\d{4}$/.test(m[1]!) || year < 1 || year > 9999) return true;
  if (month < 1 || month > 12) return true;
  const daysInMonth = new Date(Date.UTC(2000, month, 0)).getUTCDate() - (month === 2 && !isLeapYear(year) ? 1 : 0);
  if (day < 1 || day > daysInMonth) return true;
  const [hour, minute, second, offsetHours, offsetMinutes] = [Number(m[4]), Number(m[5]), Number(m[6] ?? 0), Number(m[7] ?? 0), Number(m[8] ?? 0)];
  // PostgreSQL takes offsets up to 15:59.
  return hour > 23 || minute > 59 || second > 59 || offsetHours > 15 || offsetMinutes > 59;
}

const isLeapYear = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

/**
 * The first unsafe thing anywhere in `value` (strings, keys, arrays and objects at any depth), with the path of its
 * field ('extra.0.prototype'), or undefined. Iterative, so a deeply nested body cannot overflow the stack.
 * `dates`: whether date-shaped strings are judged (path parameters hold none).
 */
export function findUnsafe(value: unknown, dates = true): Unsafe | undefined {
  const pending: Array<[unknown, string]> = [[value, '']];
  while (pending.length > 0) {
    const [next, path] = pending.pop()!;
    if (typeof next === 'string') {
      if (unsafeText(next)) return { code: ERROR_CODES.invalidCharacters, ...(path ? { field: path } : {}) };
      if (dates && isUnstorableDate(next)) return { code: 'date', field: path };
    } else if (Array.isArray(next)) {
      next.forEach((child, i) => pending.push([child, path ? `${path}.${i}` : String(i)]));
    } else if (next !== null && typeof next === 'object') {
      // Own enumerable keys, as Object.entries gives them, without an array of pairs per object.
      for (const key in next) {
        if (!Object.hasOwn(next, key)) continue;
        const keyPath = path ? `${path}.${key}` : key;
        if (unsafeText(key)) return { code: ERROR_CODES.invalidCharacters };
        if (RESERVED_KEYS.has(key)) return { code: ERROR_CODES.invalidKey, field: keyPath };
        pending.push([(next as Record<string, unknown>)[key], keyPath]);
      }
    }
  }
  return undefined;
}

/** True when any string or key anywhere in `value` holds a NUL or a lone surrogate. */
export const holdsNul = (value: unknown): boolean => findUnsafe(value, false)?.code === ERROR_CODES.invalidCharacters;

/**
 * Refuses any request whose path parameters, query or body hold what findUnsafe finds, with 400:
 * `invalid_characters` (NUL, lone surrogate), `invalid_key` (with the key's path as `field`), or for a date
 * `invalid_cursor` in the query (every date a query carries is a list's cursor) and `invalid_date` in a body.
 */
export const refuseUnsafeText: RequestHandler = (req, _res, next) => {
  const where: Array<['params' | 'query' | 'body', unknown]> = [['params', req.params], ['query', req.query], ['body', req.body]];
  for (const [part, value] of where) {
    const unsafe = findUnsafe(value, part !== 'params');
    if (!unsafe) continue;
    if (unsafe.code !== 'date') return next(new AppError(400, unsafe.code, unsafe.field && unsafe.code === ERROR_CODES.invalidKey ? { field: unsafe.field } : {}));
    return next(part === 'query' ? new AppError(400, ERROR_CODES.invalidCursor, { field: unsafe.field }) : new AppError(400, ERROR_CODES.invalidDate, { field: unsafe.field }));
  }
  next();
};
