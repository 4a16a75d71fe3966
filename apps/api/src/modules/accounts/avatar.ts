import { randomBytes } from 'node:crypto';
import { isUuid } from '../../platform/ids';

/**
 * An avatar's storage key names its owner and a random part: `avatars/<user id>-<12 hex>.jpg`. Only the upload
 * route writes such names, so a profilePhoto matching the owner's exact pattern is an avatar that user uploaded;
 * nothing else (another path, a `..`, markup, another user's photo) can become an avatar shown on every page.
 */
export const avatarKey = (userId: string) => `avatars/${userId}-${randomBytes(6).toString('hex')}.jpg`;

export function isOwnAvatarUrl(url: string, userId: string): boolean {
  // Lower-case only, as the database writes ids: the URL was made from that text.
  if (!isUuid(userId) || userId !== userId.toLowerCase() || !url.startsWith(`/uploads/avatars/${userId}-`)) return false;
  return /^[0-9a-f]{12}\.jpg$/.test(url.slice(`/uploads/avatars/${userId}-`.length));
}
