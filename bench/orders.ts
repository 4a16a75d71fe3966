/**
 * Orders for the bench (issue 26's trust panel): every sold listing of the fill gets its captured purchase and its
 * order, so the trust figures on the item page and the profile are measured on realistic rows. Added to a filled
 * database when missing, like the offers (bench/offers.ts); the fill truncates users, which empties these too.
 *
 * A sale older than 20 days is mostly received (88%), else refunded (4%), under an open problem (3%) or shipped;
 * newer ones are paid or shipped. Shipping comes 2-100 hours after payment (about 70% within the 72 hours). Each
 * seller-buyer pair also gets a conversation in which the seller received the buyer's first message the day
 * before the payment and replied 1 minute to 2 days later (90% of them), for the reply-speed median (a pair
 * that already has a conversation, from the chat bench, keeps it as it is).
 */
import { sql } from 'drizzle-orm';
import type { Database, Queryable } from '../apps/api/src/db/client';

async function rows<T>(db: Queryable, text: string): Promise<T[]> {
  return ((await db.execute(sql.raw(text))) as unknown as { rows: T[] }).rows;
}

/** Adds the orders when the sold listings have none (in one transaction), then ANALYZE. */
export async function ensureOrders(db: Database, log: (line: string) => void): Promise<void> {
  const [have] = await rows<{ sold: number; orders: number }>(
    db,
    `select (select count(*) from items where purchaser_id is not null and purchaser_id <> seller_id)::int as sold, (select count(*) from orders)::int as orders`,
  );
  if (!have || have.sold === 0 || have.orders === have.sold) return;
  const started = Date.now();
  await db.transaction(async (tx) => {
    await tx.execute(sql.raw('truncate order_events, order_problems, orders, purchases cascade'));
    // r: one random draw per sale, so status and timing agree.
    await tx.execute(
      sql.raw(`create temporary table bench_sales on commit drop as
        select i.id as item_id, i.seller_id, i.purchaser_id as buyer_id, coalesce(i.price_sold_cents, i.price_cents) as cents,
               coalesce(i.sold_at, i.time_listed) as paid_at, random() as r, 2 + random() * 98 as ship_hours
        from items i where i.purchaser_id is not null and i.purchaser_id <> i.seller_id`),
    );
    await tx.execute(
      sql.raw(`insert into purchases (id, item_id, buyer_id, seller_id, item_cents, shipping_cents, region_code, payee_email, provider,
                                      status, locked_until, created_at, updated_at, captured_at)
        select gen_random_uuid(), item_id, buyer_id, seller_id, cents, 1000, 'US', 'seller@example.test', 'local',
               case when paid_at < now() - interval '20 days' and r >= 0.88 and r < 0.92 then 'refunded' else 'captured' end::purchase_status,
               paid_at, paid_at, paid_at, paid_at
        from bench_sales`),
    );
    await tx.execute(
      sql.raw(`insert into orders (id, item_id, buyer_id, seller_id, status, paid_at, ship_by, shipped_at, received_at, refunded_at, closed_at, auto_received)
        select p.id, s.item_id, s.buyer_id, s.seller_id, x.status::order_status, s.paid_at, s.paid_at + interval '72 hours',
               x.shipped_at, case when x.status = 'received' then x.shipped_at + interval '5 days' end,
               case when x.status = 'refunded' then s.paid_at + interval '10 days' end,
               case when x.status = 'received' then x.shipped_at + interval '5 days' when x.status = 'refunded' then s.paid_at + interval '10 days' end,
               x.status = 'received' and s.r < 0.2
        from bench_sales s join purchases p on p.item_id = s.item_id
        cross join lateral (
          select st as status,
                 case when st = 'paid' or (st in ('refunded', 'problem') and s.r > 0.9) then null
                      else least(now(), s.paid_at + s.ship_hours * interval '1 hour') end as shipped_at
          from (select case when s.paid_at < now() - interval '20 days'
                            then case when s.r < 0.88 then 'received' when s.r < 0.92 then 'refunded' when s.r < 0.95 then 'problem' else 'shipped' end
                            else case when s.paid_at + s.ship_hours * interval '1 hour' < now() then 'shipped' else 'paid' end end as st) y
        ) x`),
    );
    await tx.execute(
      sql.raw(`insert into order_problems (order_id, reason, details, opened_by, opened_at)
        select o.id, 'not_received', 'Bench problem', o.buyer_id, o.paid_at + interval '8 days' from orders o where o.status = 'problem'`),
    );
    // One conversation per seller-buyer pair (stored ordered), the seller's side with its reply times.
    await tx.execute(
      sql.raw(`create temporary table bench_pairs on commit drop as
        select distinct on (least(seller_id, buyer_id), greatest(seller_id, buyer_id))
               gen_random_uuid() as id, seller_id, buyer_id, paid_at - interval '1 day' as received_at, random() as r
        from bench_sales order by least(seller_id, buyer_id), greatest(seller_id, buyer_id), paid_at desc`),
    );
    await tx.execute(
      sql.raw(`insert into conversations (id, user_a, user_b, last_message, last_sender_id, last_modified, created_at)
        select id, least(seller_id, buyer_id), greatest(seller_id, buyer_id), 'Bench message', buyer_id, received_at, received_at from bench_pairs
        on conflict (user_a, user_b) do nothing`),
    );
    await tx.execute(
      sql.raw(`insert into conversation_participants (conversation_id, user_id, other_user_id, last_modified, first_received_at, first_replied_at)
        select id, seller_id, buyer_id, received_at, received_at,
               case when r < 0.9 then received_at + interval '1 minute' * (1 + floor(power(r / 0.9, 3) * 2880)) end
        from bench_pairs join conversations c using (id)
        union all
        select id, buyer_id, seller_id, received_at, null, null from bench_pairs join conversations c using (id)`),
    );
  });
  // As autovacuum would after a bulk insert: statistics, and the visibility map that index-only scans read (the
  // trust panel's seller figures and reply speed are read from indexes alone).
  await db.execute(sql.raw('vacuum analyze purchases, orders, order_problems, conversations, conversation_participants'));
  const [made] = await rows<{ orders: number; received: number; problems: number; pairs: number }>(
    db,
    `select count(*)::int as orders, count(*) filter (where status = 'received')::int as received,
            (select count(*) from order_problems)::int as problems, (select count(*) from conversations)::int as pairs from orders`,
  );
  log(`orders: ${made?.orders} (${made?.received} received, ${made?.problems} open problems), ${made?.pairs} conversations (${((Date.now() - started) / 1000).toFixed(1)} s)`);
}
