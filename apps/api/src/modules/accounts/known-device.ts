import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Request, Response } from 'express';

export const KNOWN_DEVICE_COOKIE = 'known_device';
const ONE_YEAR_MS = 365 * 24 * 60 * 60 * 1000;

/**
 * Device cookies (OWASP, "Slow Down Online Guessing Attacks with Device Cookies"): a browser that proved an
 * account's password, or its email through a reset, keeps a cookie this server signed, naming the account and a
 * random device id. Failed sign-ins from it count for that device alone, so strangers guessing the password
 * elsewhere, however many, cannot lock the owner out of their own browser.
 */
export function createKnownDevices(secret: string) {
  const mac = (userId: string, device: string) => createHmac('sha256', secret).update(`known-device\n${userId}\n${device}`).digest('base64url');

  /** The device id of a valid cookie `req` carries for `userId`, else undefined. */
  function deviceOf(req: Request, userId: string): string | undefined {
    const value: unknown = req.cookies?.[KNOWN_DEVICE_COOKIE];
    if (typeof value !== 'string') return undefined;
    const [id, device, signature] = value.split('.');
    if (id !== userId || !device || !signature) return undefined;
    const expected = Buffer.from(mac(userId, device));
    const given = Buffer.from(signature);
    return expected.length === given.length && timingSafeEqual(expected, given) ? device : undefined;
  }

  return {
    deviceOf,
    /** Makes this browser a known device of `userId`, keeping the device id it already has for that account. */
    remember(req: Request, res: Response, userId: string): void {
      const device = deviceOf(req, userId) ?? randomBytes(12).toString('base64url');
      // Only the API reads it; httpOnly keeps it from scripts, as the session cookie is kept.
      res.cookie(KNOWN_DEVICE_COOKIE, `${userId}.${device}.${mac(userId, device)}`, {
        httpOnly: true,
        sameSite: 'lax',
        secure: req.secure,
        path: '/api',
        maxAge: ONE_YEAR_MS,
      });
    },
  };
}

export type KnownDevices = ReturnType<typeof createKnownDevices>;
