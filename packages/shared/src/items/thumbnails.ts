import { PHOTO_LINK_HOSTS } from './codes';

/**
 * The spec's thumbnail rule: photos on the two photo-link hosts are used as they are; any other photo has a
 * list-size (@2x) and a detail-size (@4x) variant, named with a `@2x_`/`@4x_` prefix for .jpg/.png files and
 * an `@2x`/`@4x` suffix otherwise. Our own uploads are stored with both prefixed variants beside them.
 */
export function photoVariants(url: string): { list: string; detail: string } {
  const host = /^https?:\/\/([^/:?#]+)/i.exec(url)?.[1]?.toLowerCase() ?? '';
  if ((PHOTO_LINK_HOSTS as readonly string[]).includes(host)) return { list: url, detail: url };
  const match = /^(.*\/)([^/?#]+\.(?:jpe?g|png))([?#].*)?$/i.exec(url);
  if (match) {
    const [, dir = '', file = '', rest = ''] = match;
    return { list: `${dir}@2x_${file}${rest}`, detail: `${dir}@4x_${file}${rest}` };
  }
  return { list: `${url}@2x`, detail: `${url}@4x` };
}
