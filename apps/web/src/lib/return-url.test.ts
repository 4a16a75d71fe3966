import { describe, expect, it } from 'vitest';
import { loginPath, safeReturnUrl } from './return-url';

describe('return url', () => {
  it('builds the login path with the encoded return address', () => {
    expect(loginPath('/sell?draft=1')).toBe('/login?returnUrl=%2Fsell%3Fdraft%3D1');
  });

  it.each([
    ['/me/offers', '/me/offers'],
    ['/items/search/gmk?x=1', '/items/search/gmk?x=1'],
    [null, '/'],
    ['', '/'],
    ['https://evil.example/', '/'],
    ['//evil.example/', '/'],
    ['/\\evil.example/', '/'],
    ['javascript:alert(1)', '/'],
  ])('honours only same-site paths: %j -> %s', (raw, expected) => {
    expect(safeReturnUrl(raw)).toBe(expected);
  });
});
