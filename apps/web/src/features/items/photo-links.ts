import { PHOTO_LINK_HOSTS } from '@keeb/shared';
import { TEXTS } from './messages';

/** What the 'Insert Photo URLs' box holds: photo links, an Imgur album hash, or a rule it breaks. */
export type PhotoLinksInput =
  | { kind: 'links'; links: string[] }
  | { kind: 'album'; hash: string }
  | { kind: 'error'; message: string };

const PHOTO_EXTENSION = /\.(?:jpe?g|png)$/i;
/** Anything with a scheme, a slash or a dot is meant as a link; an album hash is letters and digits. */
const LOOKS_LIKE_LINK = /:\/\/|[/.]/;

function parseUrl(link: string): URL | null {
  try {
    return new URL(link);
  } catch {
    return null;
  }
}

/**
 * Spec 5, photo links, in order: at least one; one per line with blank lines ignored; https only; the two
 * allowed hosts only; .jpg, .jpeg or .png. Text that is not a link is an Imgur album hash.
 */
export function parsePhotoLinks(text: string): PhotoLinksInput {
  const lines = text
    .split(/\r\n|\r|\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
  const first = lines[0];
  if (first === undefined) return { kind: 'error', message: TEXTS.photoLinkRequired };
  if (!LOOKS_LIKE_LINK.test(first)) return { kind: 'album', hash: first };

  if (lines.some((line) => !/^https:\/\//i.test(line))) return { kind: 'error', message: TEXTS.photoLinkHttps };
  const urls = lines.map(parseUrl);
  const hosts = PHOTO_LINK_HOSTS as readonly string[];
  if (urls.some((url) => !url || !hosts.includes(url.hostname.toLowerCase()))) {
    return { kind: 'error', message: TEXTS.photoLinkHost };
  }
  if (urls.some((url) => !url || !PHOTO_EXTENSION.test(url.pathname))) return { kind: 'error', message: TEXTS.photoType };
  return { kind: 'links', links: urls.map((url) => (url as URL).href) };
}
