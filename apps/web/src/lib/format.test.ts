import { describe, expect, it } from 'vitest';
import { formatDuration, timeAgo } from './format';

const NOW = Date.UTC(2024, 5, 15, 12, 0, 0);
const ago = (ms: number) => new Date(NOW - ms).toISOString();
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

describe('timeAgo', () => {
  it.each([
    [0, 'now'],
    [59 * 1000, 'now'],
    [-5 * MIN, 'now'],
    [MIN, '1m ago'],
    [59 * MIN, '59m ago'],
    [HOUR, '1h ago'],
    [23 * HOUR, '23h ago'],
    [DAY, '1d ago'],
    [6 * DAY, '6d ago'],
    [7 * DAY, '1w ago'],
    [29 * DAY, '4w ago'],
    [30 * DAY, '1mo ago'],
    [364 * DAY, '11mo ago'],
    [365 * DAY, '1y ago'],
    [3 * 365 * DAY, '3y ago'],
  ])('%s ms ago reads %j', (elapsed, text) => {
    expect(timeAgo(ago(elapsed), NOW)).toBe(text);
  });

  it('reads an unreadable time as now', () => {
    expect(timeAgo('not a date', NOW)).toBe('now');
  });
});

describe('formatDuration', () => {
  it.each([
    [3600, '1h 0m 0s'],
    [3599.2, '1h 0m 0s'],
    [86_399, '23h 59m 59s'],
    [61, '0h 1m 1s'],
    [0, '0h 0m 0s'],
    [-4, '0h 0m 0s'],
  ])('%s seconds read %j', (seconds, text) => {
    expect(formatDuration(seconds)).toBe(text);
  });
});
