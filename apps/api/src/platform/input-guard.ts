import type { RequestHandler } from 'express';
import { ERROR_CODES } from '@keeb/shared';
import { AppError } from './errors';

/** True when any string or key anywhere in `value` holds a NUL. Iterative, so a deeply nested body cannot overflow the stack. */
export function holdsNul(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const next = pending.pop();
    if (typeof next === 'string') {
      if (next.includes('\u0000')) return true;
    } else if (Array.isArray(next)) {
      for (const child of next) pending.push(child);
    } else if (next !== null && typeof next === 'object') {
      // Own enumerable keys, as Object.entries gives them, without an array of pairs per object.
      for (const key in next) {
        if (!Object.hasOwn(next, key)) continue;
        if (key.includes('\u0000')) return true;
        pending.push((next as Record<string, unknown>)[key]);
      }
    }
  }
  return false;
}

/**
 * Refuses any request whose path parameters, query or body hold a NUL byte, with 400 `invalid_characters`.
 * PostgreSQL cannot store 0x00 in text and answers an error for it; no legitimate input has one, so one guard in
 * front of every handler (the route table adds it) replaces a check at each field.
 */
export const refuseUnsafeText: RequestHandler = (req, _res, next) => {
  const unsafe = holdsNul(req.params) || holdsNul(req.query) || holdsNul(req.body);
  next(unsafe ? new AppError(400, ERROR_CODES.invalidCharacters) : undefined);
};
