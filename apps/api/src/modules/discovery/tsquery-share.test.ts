import { describe, expect, it } from 'vitest';
import { tsqueryShare } from './tsquery-share';

const shares = new Map([
  ['gmk', 0.07],
  ['olivia', 0.03],
  ['holy', 0.005],
  ['panda', 0.01],
  ["o'neil", 0.02],
  ['olive', 0.01],
]);

describe('tsqueryShare', () => {
  it('reads words, weights and quotes', () => {
    expect(tsqueryShare("'gmk'", shares)).toBe(0.07);
    expect(tsqueryShare("'olivia':A", shares)).toBe(0.03);
    expect(tsqueryShare("'o''neil'", shares)).toBe(0.02);
    expect(tsqueryShare("'zzz'", shares)).toBe(0);
    expect(tsqueryShare('', shares)).toBe(0);
  });

  it('takes the smaller side of AND, the sum of OR, with & binding tighter than |', () => {
    expect(tsqueryShare("'holy' & 'panda' | 'holy':A & 'panda':A", shares)).toBeCloseTo(0.01);
    expect(tsqueryShare("'olivai' | 'olivia':A", shares)).toBeCloseTo(0.03);
    expect(tsqueryShare("'gmk' & ( 'olivai' | 'olivia':A | 'olive':A )", shares)).toBeCloseTo(0.04);
    expect(tsqueryShare("'gmk' <-> 'olivia'", shares)).toBeCloseTo(0.03);
    expect(tsqueryShare("!'gmk'", shares)).toBeCloseTo(0.93);
  });

  it('counts every listed word a prefix covers', () => {
    expect(tsqueryShare("'oliv':*", shares)).toBeCloseTo(0.04);
  });
});
