import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app';
import { createItem, createUser } from '../../test/factories';
import { itemPagePhoto } from './page-photo';

const t = useTestApp();

// The item page's preload hint (issue 37): the gallery's first picture, for an item the API shows, and nothing else.
describe('itemPagePhoto', () => {
  it('answers the detail-size variant of a listed item\'s first photo', async () => {
    const seller = await createUser(t.db.db);
    const item = await createItem(t.db.db, seller.id, { photos: ['/uploads/items/u1/first.jpg', '/uploads/items/u1/second.jpg'] });
    const linked = await createItem(t.db.db, seller.id, { photos: ['https://i.imgur.com/abc123.jpg'] });
    const photoOf = itemPagePhoto(t.db.db);
    expect(await photoOf(item.id)).toBe('/uploads/items/u1/@4x_first.jpg');
    // A photo link is shown as it is (photoVariants), so it is preloaded as it is.
    expect(await photoOf(linked.id)).toBe('https://i.imgur.com/abc123.jpg');
  });

  it('answers nothing for a removed or pending item, an unknown id or anything that is not an id, without asking the database amiss', async () => {
    const seller = await createUser(t.db.db);
    const removed = await createItem(t.db.db, seller.id, { removedAt: new Date() });
    // Waiting for an admin: its page is its owner's alone, so its HTML names no photo.
    const pending = await createItem(t.db.db, seller.id, { approvalStatus: 'pending' });
    const photoOf = itemPagePhoto(t.db.db);
    for (const id of [removed.id, pending.id, randomUUID(), 'not-an-id', '', "1' or '1'='1", 'a'.repeat(64)]) {
      expect(await photoOf(id)).toBeUndefined();
    }
  });
});
