import { sql, type SQLWrapper } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app';
import { createUser } from '../../test/factories';
import * as repo from './repo';

/** The order lists read their indexes, not every order, on either driver. */
const t = useTestApp();

async function plan(query: SQLWrapper): Promise<string> {
  const result = (await t.db.db.execute(sql`explain ${query}`)) as unknown as { rows: Array<Record<string, string>> };
  return result.rows.map((r) => Object.values(r)[0]).join('\n');
}

describe('order list plans', () => {
  it('a page of one side walks its (side, paid_at, id) index, without a sort', async () => {
    const people = await Promise.all(Array.from({ length: 40 }, () => createUser(t.db.db)));
    const ids = sql.raw(`array[${people.map((p) => `'${p.id}'::uuid`).join(',')}]`);
    // 4,000 sales between 40 people, as the sale's transaction stores them (item, purchase, order).
    await t.db.db.execute(sql`
      with n as (select g, (${ids})[1 + g % 40] as seller, (${ids})[1 + (g * 7 + 3) % 40] as buyer from generate_series(1, 4000) g),
      i as (
        insert into items (seller_id, category_id, name, description, price_cents, payment_email, offers_accepted, is_fixed_price, photos, thumbnail, approval_status, purchaser_id, price_sold_cents, sold_at)
        select seller, 'keyboards', 'Board ' || g, 'd', 10000, 'p@example.test', true, true, array['/uploads/a.jpg'], '/uploads/a.jpg', 'approved', buyer, 10000, now() from n
        returning id, seller_id, purchaser_id
      ),
      p as (
        insert into purchases (item_id, buyer_id, seller_id, item_cents, shipping_cents, region_code, payee_email, provider, status, locked_until, captured_at)
        select id, purchaser_id, seller_id, 10000, 0, 'US', 'p@example.test', 'local', 'captured', now(), now() from i
        returning id, item_id, buyer_id, seller_id
      )
      insert into orders (id, item_id, buyer_id, seller_id, status, paid_at, ship_by)
      select id, item_id, buyer_id, seller_id, 'paid', now() - random() * interval '300 days', now() from p`);
    await t.db.db.execute(sql`analyze orders`);
    const buyerPlan = await plan(repo.ordersPage(t.db.db, people[0]!.id, 'bought', undefined, 20));
    expect(buyerPlan).toMatch(/orders_buyer_idx/);
    expect(buyerPlan).not.toMatch(/Seq Scan on orders/);
    const sellerPlan = await plan(repo.ordersPage(t.db.db, people[1]!.id, 'sold', { paidAt: new Date().toISOString(), id: '00000000-0000-4000-8000-000000000000' }, 20));
    expect(sellerPlan).toMatch(/orders_seller_idx/);
    expect(sellerPlan).not.toMatch(/Sort/);
  });
});
