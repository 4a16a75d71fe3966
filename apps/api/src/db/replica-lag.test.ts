import { describe, expect, it } from 'vitest';
import { lagOf, lsnValue } from './replicas';

describe('replica lag from WAL positions', () => {
  it('reads a position as its 64-bit value', () => {
    expect(lsnValue('0/0')).toBe(0n);
    expect(lsnValue('16/B374D848')).toBe((0x16n << 32n) + 0xb374d848n);
    // Compared as numbers, not text: 'F/...' is before '10/...'.
    expect(lsnValue('F/FFFFFFFF') < lsnValue('10/0')).toBe(true);
  });

  const samples = [
    { at: 1000, lsn: lsnValue('0/100') },
    { at: 2000, lsn: lsnValue('0/200') },
    { at: 3000, lsn: lsnValue('0/300') },
  ];

  it('is zero when the replica has replayed all the primary wrote, however long ago that was (an idle primary)', () => {
    expect(lagOf(samples, lsnValue('0/300'), 60_000)).toBe(0);
    expect(lagOf([{ at: 1000, lsn: lsnValue('0/300') }], lsnValue('0/300'), 60_000)).toBe(0);
  });

  it('counts from the first sample the replica has not reached', () => {
    expect(lagOf(samples, lsnValue('0/250'), 3500)).toBe(500);
    expect(lagOf(samples, lsnValue('0/150'), 3500)).toBe(1500);
    expect(lagOf(samples, lsnValue('0/0'), 3500)).toBe(2500);
  });
});
