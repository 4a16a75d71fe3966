import type { RequestHandler } from 'express';
import { AppError } from './errors';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Row ids are UUIDs: anything else names no row, and must not reach the database as bad input. */
export const isUuid = (value: unknown): value is string => typeof value === 'string' && UUID.test(value);

/** A route's `:id` that is not a UUID names nothing: 404 with the domain's not-found code, before any query. */
export const uuidParam =
  (notFoundCode: string): RequestHandler =>
  (req, _res, next) => {
    next(isUuid(req.params.id) ? undefined : new AppError(404, notFoundCode));
  };
