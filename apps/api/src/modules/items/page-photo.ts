import { photoVariants } from '@keeb/shared';
import type { Queryable } from '../../db/client';
import { isUuid } from '../../platform/ids';
import { firstPhotoOf } from './repo';

/**
 * The picture an item page paints largest, for the Link header its HTML goes out with (platform/static.ts, issue 37):
 * the detail-size variant of its first photo, the one the gallery shows (ItemGallery). Without the hint the browser
 * finds the photo only once the page's code has run and the item's call answered. Anything but an item id, or an item
 * that is removed or missing, has none.
 */
export function itemPagePhoto(db: Queryable): (itemId: string) => Promise<string | undefined> {
  return async (itemId) => {
    if (!isUuid(itemId)) return undefined;
    const photo = await firstPhotoOf(db, itemId);
    return photo ? photoVariants(photo).detail : undefined;
  };
}
