import type { Request, RequestHandler } from 'express';
import type { Redis } from 'ioredis';
import { RateLimiterDrizzle, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { TOO_MANY_REQUESTS } from '@keeb/shared';
import type { Database } from '../db/client';
import { rateLimits } from '../db/schema/index';

export interface LimitOptions {
  /** Unique per limit, e.g. 'session' or 'login-ip'. */
  name: string;
  points: number;
  durationSeconds: number;
  /** Once exhausted, keep refusing for this long (defaults to the rest of the window). */
  blockSeconds?: number;
}

/**
 * Builds limiters on one shared store: Redis when REDIS_URL is set (several API processes share counts),
 * else our PostgreSQL/PGlite database, so limits survive restarts either way.
 */
export class RateLimits {
  constructor(private readonly store: { redis: Redis } | { db: Database }) {}

  create(options: LimitOptions): RateLimiterAbstract {
    const common = {
      keyPrefix: options.name,
      points: options.points,
      duration: options.durationSeconds,
      blockDuration: options.blockSeconds ?? 0,
    };
    if ('redis' in this.store) return new RateLimiterRedis({ ...common, storeClient: this.store.redis });
    return new RateLimiterDrizzle({ ...common, storeClient: this.store.db, schema: rateLimits });
  }
}

/** Seconds until the limiter lets `key` through again, or 0 when it is not limited. */
export async function consume(limiter: RateLimiterAbstract, key: string, points = 1): Promise<number> {
  try {
    await limiter.consume(key, points);
    return 0;
  } catch (rejection) {
    if (rejection instanceof RateLimiterRes) return Math.ceil(rejection.msBeforeNext / 1000);
    throw rejection;
  }
}

/**
 * The signed-in user, else the client address: for calls a person makes many of (the session checks of every tab),
 * so people sharing one address (an office, a phone carrier's NAT) do not use up each other's allowance.
 */
export const userOrAddress = (req: Request): string => req.session.userId ?? req.ip ?? 'unknown';

/**
 * Middleware answering 429 `{ code: 'TooManyRequests' }` (the spec's shape for session and verification calls)
 * once a key (default: the client address) exceeds the limiter.
 */
export function rateLimit(limiter: RateLimiterAbstract, keyOf: (req: Request) => string = (req) => req.ip ?? 'unknown'): RequestHandler {
  return async (req, res, next) => {
    try {
      const retryAfter = await consume(limiter, keyOf(req));
      if (retryAfter > 0) {
        res.set('Retry-After', String(retryAfter));
        res.status(429).json({ code: TOO_MANY_REQUESTS, message: TOO_MANY_REQUESTS });
        return;
      }
      next();
    } catch (error) {
      next(error);
    }
  };
}
