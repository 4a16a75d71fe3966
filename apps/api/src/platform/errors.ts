import type { ErrorRequestHandler, RequestHandler } from 'express';
import type { z } from 'zod';
import { ERROR_CODES } from '@keeb/shared';
// The request's id and log (req.id, req.log) are declared with the access log.
import type {} from './logger';

/** The one error type services throw. The middleware below writes it as `{ message: code, ...details }`. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(code);
    this.name = 'AppError';
  }
}

/**
 * Parses input with a shared schema whose rules carry the spec's error codes as their messages, so the first
 * failing rule decides the answer: 400 `{ message: code, field }` (and a custom rule's params, e.g. `max`).
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue?.path.join('.') || undefined;
  // A custom issue's params are details of the answer (the bound passed: `max`).
  const params = issue?.code === 'custom' && issue.params && typeof issue.params === 'object' ? (issue.params as Record<string, unknown>) : {};
  throw new AppError(400, issue?.message ?? ERROR_CODES.badRequest, { ...(field ? { field } : {}), ...params });
}

export const notFoundApi: RequestHandler = (_req, _res, next) => next(new AppError(404, ERROR_CODES.notFound));

interface HttpishError {
  type?: string;
  status?: number;
  statusCode?: number;
}

/** Maps body-parser and other well-known HTTP errors to codes; anything else is an unexpected 500. */
function knownHttpError(error: unknown): AppError | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { type, status, statusCode } = error as HttpishError;
  if (type === 'entity.parse.failed') return new AppError(400, ERROR_CODES.invalidJson);
  if (type === 'entity.too.large') return new AppError(413, ERROR_CODES.payloadTooLarge);
  const code = status ?? statusCode;
  if (code === 404) return new AppError(404, ERROR_CODES.notFound);
  if (typeof code === 'number' && code >= 400 && code < 500) return new AppError(code, ERROR_CODES.badRequest);
  return undefined;
}

export const errorMiddleware: ErrorRequestHandler = (error, req, res, next) => {
  if (res.headersSent) return next(error);
  const known = error instanceof AppError ? error : knownHttpError(error);
  if (known) {
    res.status(known.status).json({ message: known.code, ...known.details });
    return;
  }
  // Logged with the request id; the client learns nothing about internals.
  req.log.error({ reqId: req.id, err: error }, 'unhandled error');
  res.status(500).json({ message: ERROR_CODES.somethingWentWrong });
};
