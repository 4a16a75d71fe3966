import type { ListingPhoto } from './images';

/** The keys of a stored photo's two smaller sizes, beside it (`items/u/ab.jpg` -> `items/u/@4x_ab.jpg`, `@2x_ab.jpg`). */
export function variantKeys(key: string): { detail: string; list: string } {
  const slash = key.lastIndexOf('/');
  const dir = key.slice(0, slash + 1);
  const name = key.slice(slash + 1);
  return { detail: `${dir}@4x_${name}`, list: `${dir}@2x_${name}` };
}

/**
 * What one photo is stored as, in the order to write it: its variants first (once the photo's URL exists,
 * photoVariants(url) must find them), then the photo itself under `key`. Uploads, blog images, the demo content and
 * the journeys' seeded photos all store theirs this way.
 */
export function photoParts(key: string, { photo, detail, list }: ListingPhoto): Array<{ key: string; body: Buffer }> {
  const variants = variantKeys(key);
  return [{ key: variants.detail, body: detail }, { key: variants.list, body: list }, { key, body: photo }];
}
