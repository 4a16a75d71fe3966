import type { Trust } from '@keeb/shared';
import { describe, expect, it } from 'vitest';
import { createTrustCache } from './trust-cache';

const trust = (confirmedTrades: number): Trust => ({
  memberSince: '2026-01-01T00:00:00.000Z',
  confirmedTrades,
  shippedOnTime: { share: null, orders: 0 },
  replyMinutes: null,
  emailVerified: true,
  phoneVerified: false,
  openProblems: 0,
});

describe("the item page's seller trust cache", () => {
  it('keeps a seller’s figures for its time, one load for a burst, then reads them again', async () => {
    let time = 0;
    let loads = 0;
    const cache = createTrustCache(60_000, () => time);
    const load = async () => trust(++loads);
    const burst = await Promise.all([cache.get('s1', load), cache.get('s1', load), cache.get('s1', load)]);
    expect(burst.map((t) => t?.confirmedTrades)).toEqual([1, 1, 1]);
    time = 59_999;
    expect((await cache.get('s1', load))?.confirmedTrades).toBe(1);
    expect((await cache.get('s2', load))?.confirmedTrades).toBe(2);
    time = 60_000;
    expect((await cache.get('s1', load))?.confirmedTrades).toBe(3);
  });

  it('0 reads every time, and a failed read is not kept', async () => {
    let loads = 0;
    const off = createTrustCache(0);
    await off.get('s1', async () => trust(++loads));
    await off.get('s1', async () => trust(++loads));
    expect(loads).toBe(2);

    const cache = createTrustCache(60_000, () => 0);
    await expect(cache.get('s1', () => Promise.reject(new Error('database down')))).rejects.toThrow('database down');
    expect((await cache.get('s1', async () => trust(7)))?.confirmedTrades).toBe(7);
  });
});
