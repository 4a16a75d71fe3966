import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../test/app';
import { consume, RateLimits } from './rate-limit';

const t = useTestApp();
const redisUrl = process.env.REDIS_URL;
const redis = redisUrl ? new Redis(redisUrl, { maxRetriesPerRequest: 1 }) : undefined;
afterAll(async () => {
  await redis?.quit();
});

const stores: Array<[string, () => RateLimits]> = [['database', () => new RateLimits({ db: t.db.db })]];
// CI runs the API suite a second time with REDIS_URL set, so both stores are exercised for real.
if (redis) stores.push(['redis', () => new RateLimits({ redis })]);

describe.each(stores)('rate limits on the %s store', (_name, makeLimits) => {
  it('lets the allowed number through, then answers the seconds to wait', async () => {
    const limiter = makeLimits().create({ name: `test-${Date.now()}-${Math.random()}`, points: 3, durationSeconds: 60 });
    expect(await consume(limiter, 'addr-1')).toBe(0);
    expect(await consume(limiter, 'addr-1')).toBe(0);
    expect(await consume(limiter, 'addr-1')).toBe(0);
    const wait = await consume(limiter, 'addr-1');
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60);
    // Keys are independent.
    expect(await consume(limiter, 'addr-2')).toBe(0);
  });

  it('keeps blocking for blockSeconds once exhausted', async () => {
    const limiter = makeLimits().create({ name: `block-${Date.now()}-${Math.random()}`, points: 1, durationSeconds: 1, blockSeconds: 300 });
    expect(await consume(limiter, 'k')).toBe(0);
    expect(await consume(limiter, 'k')).toBeGreaterThan(200);
  });
});
