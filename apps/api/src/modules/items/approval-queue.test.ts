import { describe, expect, it } from 'vitest';
import { ITEM_PAGE_SIZE } from '@keeb/shared';
import { items } from '../../db/schema/index';
import { useTestApp } from '../../test/app';
import { createUser, itemValues } from '../../test/factories';

const t = useTestApp();

describe('GET /api/items/approval?ts (the queue pages by the last timeListed alone)', () => {
  it('shows every pending listing once, however many share a time', async () => {
    const seller = await createUser(t.db.db);
    const admin = await createUser(t.db.db, { isAdmin: true });
    const times = [1, 2, 3].map((m) => new Date(Date.UTC(2026, 1, 1, 9, m)));
    // 90 pending listings, 30 at each time: every page end falls inside a group.
    const rows = await t.db.db
      .insert(items)
      .values(Array.from({ length: 90 }, (_, i) => itemValues(seller.id, { approvalStatus: 'pending', timeListed: times[i % 3]! })))
      .returning({ id: items.id });
    const client = await t.clientAs(admin.id);
    const seen: string[] = [];
    let ts: string | undefined;
    for (let n = 0; n < 10; n++) {
      const res = await client.get(`/api/items/approval${ts ? `?ts=${encodeURIComponent(ts)}` : ''}`);
      expect(res.status).toBe(200);
      const page = res.body as Array<{ _id: string; timeListed: string }>;
      seen.push(...page.map((i) => i._id));
      if (page.length < ITEM_PAGE_SIZE) break;
      ts = page.at(-1)!.timeListed;
    }
    expect(seen.length - new Set(seen).size, 'repeated').toBe(0);
    expect(rows.map((r) => r.id).filter((id) => !seen.includes(id)), 'skipped').toEqual([]);
  });
});
