import type { z } from 'zod';
import { ERROR_CODES } from '../platform/codes';
import { SPEC_KEYS } from '../specs/lists';
import { LIST_FILTER_LIMITS } from './limits';

// What a list query may hold (issue 36): cursor instants PostgreSQL stores, and filters of bounded size.

const EARLIEST_CURSOR = Date.parse('0001-01-01T00:00:00Z');
const LATEST_CURSOR = Date.parse('9999-12-31T23:59:59.999Z');

/**
 * Whether an ISO 8601 instant is one PostgreSQL stores and compares as JavaScript reads it: between the years 1 and
 * 9999. JavaScript reads year 0000 (PostgreSQL has no year 0: 500 on the lists whose cursor held it, issue 36).
 * Every list cursor's time is checked by this (CursorTimestampSchema, and the `time_id` cursors' decoders).
 */
export function isCursorInstant(ts: string): boolean {
  const time = Date.parse(ts);
  return Number.isFinite(time) && time >= EARLIEST_CURSOR && time <= LATEST_CURSOR;
}

/** The list-valued parameters of a list query: comma-separated values, each bounded by LIST_FILTER_LIMITS. */
export const LIST_FILTER_KEYS: readonly string[] = ['categoryIds', 'regions', ...SPEC_KEYS];

/**
 * Issue 36: the bounds of a list query's filters (LIST_FILTER_LIMITS), checked on the parsed query: each list-valued
 * parameter's values (comma-separated; a parameter given twice counts all its copies), each value's length, then the
 * length of every parameter's text together. The first one past its bound is a zod issue carrying the API's answer:
 * too_many_values / too_long with the field and the bound, or query_too_long with the bound.
 */

const texts = (value: unknown): string[] => (Array.isArray(value) ? value : [value]).filter((v): v is string => typeof v === 'string');

/**
 * The key's values (comma-separated, blanks left out), or undefined as soon as there are more than `max`: a crafted
 * query's thousands of values are not all split to find that out (splitting 3,000 cost a third of its 400's CPU).
 */
function valuesUpTo(copies: string[], max: number): string[] | undefined {
  const values: string[] = [];
  for (const text of copies) {
    for (let start = 0; start <= text.length; ) {
      const comma = text.indexOf(',', start);
      const end = comma === -1 ? text.length : comma;
      const value = text.slice(start, end);
      if (value.trim() !== '' && values.push(value) > max) return undefined;
      start = end + 1;
    }
  }
  return values;
}

export function checkListFilterBounds(query: Record<string, unknown>, ctx: z.RefinementCtx): void {
  for (const key of LIST_FILTER_KEYS) {
    const copies = texts(query[key]);
    if (copies.length === 0) continue;
    const values = valuesUpTo(copies, LIST_FILTER_LIMITS.valuesPerKey);
    if (!values) {
      ctx.addIssue({ code: 'custom', message: ERROR_CODES.tooManyValues, path: [key], params: { max: LIST_FILTER_LIMITS.valuesPerKey } });
      return;
    }
    if (values.some((v) => v.trim().length > LIST_FILTER_LIMITS.valueLength)) {
      ctx.addIssue({ code: 'custom', message: ERROR_CODES.tooLong, path: [key], params: { max: LIST_FILTER_LIMITS.valueLength } });
      return;
    }
  }
  // Each key within its bounds, all of them together: as the query string has them (`key=value&`).
  let total = 0;
  for (const [key, value] of Object.entries(query)) for (const text of texts(value)) total += key.length + text.length + 2;
  if (total > LIST_FILTER_LIMITS.queryLength) ctx.addIssue({ code: 'custom', message: ERROR_CODES.queryTooLong, path: [], params: { max: LIST_FILTER_LIMITS.queryLength } });
}
