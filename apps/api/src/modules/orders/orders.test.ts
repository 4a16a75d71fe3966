import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orderEvents, orders, users } from '../../db/schema/index';
import { useTestApp } from '../../test/app';
import { member, orderRow, paidOrder, passTime, SAMPLE_ADDRESS } from '../../test/orders';
import { readOutbox } from '../../test/outbox';
import { collect, useRealtime } from '../../test/realtime';

const t = useTestApp({ PUBLIC_URL: 'http://keeb.test' });
const rt = useRealtime(t, { appUrl: 'http://keeb.test' });

const kinds = async (orderId: string) =>
  (await t.db.db.select({ kind: orderEvents.kind }).from(orderEvents).where(eq(orderEvents.orderId, orderId)).orderBy(orderEvents.at, orderEvents.id)).map((e) => e.kind);
const deadlineJobs = async (orderId: string) =>
  ((await t.db.db.execute(sql`select data->>'kind' as kind, start_after from pgboss.job where name = 'order-deadline' and data->>'orderId' = ${orderId} order by start_after`)) as unknown as {
    rows: Array<{ kind: string; start_after: string }>;
  }).rows;
const admin = () => member(t, { isAdmin: true });
const mailsTo = async (email: string) => (await readOutbox(t.config.outboxDir)).filter((m) => m.to === email).map((m) => m.subject);

describe('the order a sale opens', () => {
  it('is paid, due to ship within 72 hours, with its deadlines queued, and listed for both sides newest first', async () => {
    const { seller, buyer, item, orderId } = await paidOrder(t);
    const row = await orderRow(t, orderId);
    expect(row).toMatchObject({ status: 'paid', itemId: item.id, buyerId: buyer.user.id, sellerId: seller.user.id, shippedAt: null });
    expect(row.shipBy.getTime() - row.paidAt.getTime()).toBe(72 * 3_600_000);
    expect(await kinds(orderId)).toEqual(['paid']);
    const jobs = await deadlineJobs(orderId);
    expect(jobs.map((j) => j.kind)).toEqual(['ship-reminder', 'late']);
    expect(new Date(jobs[0]!.start_after).getTime() - row.paidAt.getTime()).toBeCloseTo(48 * 3_600_000, -4);

    const second = await paidOrder(t, { seller, buyer });
    const bought = (await buyer.client.get('/api/me/orders?role=bought')).body;
    expect(bought.map((o: { _id: string }) => o._id)).toEqual([second.orderId, orderId]);
    expect(bought[1]).toEqual({
      _id: orderId,
      item: { _id: item.id, name: item.name, thumbnail: item.thumbnail },
      status: 'paid',
      late: false,
      price: 100,
      shippingPrice: 10,
      paidAt: row.paidAt.toISOString(),
      otherUser: { _id: seller.user.id, username: seller.user.username, avatar: null },
      trade: null,
    });
    const sold = (await seller.client.get('/api/me/orders?role=sold')).body;
    expect(sold.map((o: { _id: string }) => o._id)).toEqual([second.orderId, orderId]);
    expect(sold[0].otherUser.username).toBe(buyer.user.username);
    expect((await buyer.client.get('/api/me/orders?role=sold')).body).toEqual([]);
    // Keyset pages: after the newest, the older one.
    const cursor = `${bought[0].paidAt}_${bought[0]._id}`;
    expect((await buyer.client.get(`/api/me/orders?role=bought&cursor=${encodeURIComponent(cursor)}`)).body.map((o: { _id: string }) => o._id)).toEqual([orderId]);
    expect((await buyer.client.get('/api/me/orders?role=bought&cursor=nonsense')).body).toEqual({ message: 'invalid_cursor' });
    expect((await buyer.client.get('/api/me/orders?role=both')).status).toBe(400);
    expect((await (await t.client()).get('/api/me/orders?role=bought')).status).toBe(401);
    // The sale's mails link to the order page.
    const saleMails = (await readOutbox(t.config.outboxDir)).filter((m) => m.subject === `You sold ${item.name}` || m.subject === `Your purchase: ${item.name}`);
    expect(saleMails).toHaveLength(2);
    for (const m of saleMails) expect(m.text).toContain(`http://keeb.test/me/orders/${orderId}`);
    // The badge: the seller owes two shipments.
    expect((await seller.client.get('/api/me/notifications')).body.numOrdersToAct).toBe(2);
    expect((await buyer.client.get('/api/me/notifications')).body.numOrdersToAct).toBe(0);
  });

  it('pages of 20, newest first, without repeats', async () => {
    const { seller, buyer, orderId } = await paidOrder(t);
    // Copies of the one order's row under new purchases would need provider orders: shift times instead.
    const ids = [orderId];
    for (let i = 0; i < 21; i++) ids.push((await paidOrder(t, { seller, buyer })).orderId);
    const first = (await buyer.client.get('/api/me/orders?role=bought')).body as Array<{ _id: string; paidAt: string }>;
    expect(first).toHaveLength(20);
    const last = first.at(-1)!;
    const second = (await buyer.client.get(`/api/me/orders?role=bought&cursor=${encodeURIComponent(`${last.paidAt}_${last._id}`)}`)).body as Array<{ _id: string }>;
    expect([...first, ...second].map((o) => o._id)).toEqual([...ids].reverse());
  }, 60_000);
});

describe('pushes', () => {
  it("the sale moves the seller's orders badge in their open tab; shipping tells the buyer's tab and moves both badges", async () => {
    const seller = await member(t);
    const buyer = await member(t);
    const sellerCounts = collect(await rt.open(seller.client.cookie), 'counts');
    const buyerSocket = await rt.open(buyer.client.cookie);
    const buyerCounts = collect(buyerSocket, 'counts');
    const buyerUpdates = collect(buyerSocket, 'orderUpdate');
    const { orderId, item } = await paidOrder(t, { seller, buyer });
    await expect.poll(() => sellerCounts.at(-1)?.numOrdersToAct).toBe(1);
    await seller.client.post(`/api/order/${orderId}/ship`, {});
    await expect.poll(() => sellerCounts.at(-1)?.numOrdersToAct).toBe(0);
    await expect.poll(() => buyerCounts.at(-1)?.numOrdersToAct).toBe(1);
    await expect.poll(() => buyerUpdates.at(-1)).toEqual({
      orderId,
      item: { _id: item.id, name: item.name, thumbnail: item.thumbnail },
      status: 'shipped',
      text: `Your order of ${item.name} has shipped.`,
    });
  });
});

describe('GET /api/order/{id}', () => {
  it('answers the buyer, the seller and admins; the address only to the seller and admins; anyone else 404, logged out 401', async () => {
    const { seller, buyer, orderId, item } = await paidOrder(t);
    const asBuyer = await buyer.client.get(`/api/order/${orderId}`);
    expect(asBuyer.status).toBe(200);
    expect(asBuyer.body).toMatchObject({ _id: orderId, role: 'buyer', status: 'paid', item: { _id: item.id }, shippedAt: null, problem: null, awaitingAddress: false, actions: ['rate'] });
    expect(asBuyer.body).not.toHaveProperty('shipTo');
    expect(asBuyer.body).not.toHaveProperty('tracking');
    expect(asBuyer.body.timeline).toEqual([{ kind: 'paid', at: expect.any(String), data: {} }]);
    const asSeller = (await seller.client.get(`/api/order/${orderId}`)).body;
    expect(asSeller).toMatchObject({ role: 'seller', shipTo: SAMPLE_ADDRESS, actions: ['ship'], buyer: { username: buyer.user.username }, seller: { username: seller.user.username } });
    const asAdmin = (await (await admin()).client.get(`/api/order/${orderId}`)).body;
    expect(asAdmin).toMatchObject({ role: 'admin', shipTo: SAMPLE_ADDRESS, actions: [] });
    expect(await (await member(t)).client.get(`/api/order/${orderId}`)).toMatchObject({ status: 404, body: { message: 'not_found' } });
    expect((await (await t.client()).get(`/api/order/${orderId}`)).status).toBe(401);
    expect((await buyer.client.get('/api/order/not-a-uuid')).status).toBe(404);
    expect((await buyer.client.get('/api/order/00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });

  it('shows the address to nobody once the order has been closed for 90 days', async () => {
    const { seller, buyer, orderId } = await paidOrder(t);
    await seller.client.post(`/api/order/${orderId}/ship`, {});
    expect((await buyer.client.post(`/api/order/${orderId}/received`)).status).toBe(200);
    await passTime(t, orderId, 89 * 24);
    expect((await seller.client.get(`/api/order/${orderId}`)).body.shipTo).toEqual(SAMPLE_ADDRESS);
    await passTime(t, orderId, 2 * 24);
    expect((await seller.client.get(`/api/order/${orderId}`)).body.shipTo).toBeNull();
    expect((await (await admin()).client.get(`/api/order/${orderId}`)).body.shipTo).toBeNull();
  });

  // An order the provider gave no address for (issue 36): ship-to.test.ts.
});

describe('shipping', () => {
  it('the seller marks it shipped with a number: the carrier is recognised, the buyer is mailed the tracking link, the provider sync is queued', async () => {
    const { seller, buyer, orderId, item } = await paidOrder(t);
    const other = await member(t);
    expect(await buyer.client.post(`/api/order/${orderId}/ship`, { trackingNumber: '1Z999AA10123456784' })).toMatchObject({ status: 403, body: { message: 'forbidden' } });
    expect(await other.client.post(`/api/order/${orderId}/ship`, { trackingNumber: '1Z999AA10123456784' })).toMatchObject({ status: 404, body: { message: 'not_found' } });
    expect((await (await t.client()).post(`/api/order/${orderId}/ship`, {})).status).toBe(401);
    expect((await orderRow(t, orderId)).status).toBe('paid');

    const shipped = await seller.client.post(`/api/order/${orderId}/ship`, { trackingNumber: '1Z 999 AA1 0123 4567 84' });
    expect(shipped.status).toBe(200);
    expect(shipped.body).toMatchObject({
      status: 'shipped',
      tracking: { number: '1Z999AA10123456784', carrier: 'ups', url: expect.stringContaining('1Z999AA10123456784') },
      actions: [],
    });
    expect(shipped.body.tracking.url).toMatch(/^https:\/\/[^/]*ups\.com\//);
    expect((await buyer.client.get(`/api/order/${orderId}`)).body).toMatchObject({ tracking: shipped.body.tracking, actions: ['received', 'problem', 'rate'] });
    const row = await orderRow(t, orderId);
    expect(row).toMatchObject({ status: 'shipped', trackingNumber: '1Z999AA10123456784', trackingCarrier: 'ups' });
    // The sync job may already have run: pending until it does, then sent (the stand-in records the tracking).
    expect(['pending', 'sent']).toContain(row.trackingSync);
    await t.jobs.drain();
    expect((await orderRow(t, orderId)).trackingSync).toBe('sent');
    const trackers = (await t.db.db.execute(sql`select o.trackers from local_payment_orders o join purchases p on p.order_id = o.id where p.id = ${orderId}`)) as unknown as { rows: Array<{ trackers: unknown }> };
    expect(trackers.rows[0]?.trackers).toEqual([expect.objectContaining({ trackingNumber: '1Z999AA10123456784' })]);
    expect(await kinds(orderId)).toEqual(['paid', 'shipped']);
    const queued = (await t.db.db.execute(sql`select count(*)::int as n from pgboss.job where name = 'order-tracking-sync' and data->>'orderId' = ${orderId}`)) as unknown as { rows: Array<{ n: number }> };
    expect(queued.rows[0]!.n).toBe(1);
    expect((await deadlineJobs(orderId)).map((j) => j.kind)).toEqual(['ship-reminder', 'late', 'receive-reminder', 'auto-receive']);
    const mail = (await readOutbox(t.config.outboxDir)).find((m) => m.to === buyer.user.email && m.subject === `Your order of ${item.name} has shipped`);
    expect(mail?.text).toContain('1Z999AA10123456784');
    expect(mail?.text).toContain(`http://keeb.test/me/orders/${orderId}`);
    // Once shipped, shipping again is refused and changes nothing.
    expect(await seller.client.post(`/api/order/${orderId}/ship`, { trackingNumber: '9205590164917312751089' })).toMatchObject({ status: 409, body: { message: 'invalid_state' } });
    expect((await orderRow(t, orderId)).trackingNumber).toBe('1Z999AA10123456784');
    // The badge moved from the seller to the buyer.
    expect((await seller.client.get('/api/me/notifications')).body.numOrdersToAct).toBe(0);
    expect((await buyer.client.get('/api/me/notifications')).body.numOrdersToAct).toBe(1);
  });

  it('without a number is allowed ("No tracking"); a carrier given is kept; a bad number is refused and changes nothing', async () => {
    const a = await paidOrder(t);
    expect(await a.seller.client.post(`/api/order/${a.orderId}/ship`, { trackingNumber: 'no/such#number' })).toMatchObject({ status: 400, body: { message: 'invalid_tracking_number' } });
    expect(await a.seller.client.post(`/api/order/${a.orderId}/ship`, { trackingNumber: 'x'.repeat(65) })).toMatchObject({ status: 400, body: { message: 'invalid_tracking_number' } });
    expect((await orderRow(t, a.orderId)).status).toBe('paid');
    const bare = await a.seller.client.post(`/api/order/${a.orderId}/ship`, {});
    expect(bare.body).toMatchObject({ status: 'shipped', tracking: { number: null, carrier: null, url: null } });
    expect((await orderRow(t, a.orderId)).trackingSync).toBeNull();

    const b = await paidOrder(t);
    const given = await b.seller.client.post(`/api/order/${b.orderId}/ship`, { trackingNumber: 'JD014600006281230704', carrier: 'DHL' });
    expect(given.body.tracking).toEqual({ number: 'JD014600006281230704', carrier: 'dhl', url: expect.stringContaining('dhl.com') });
    const c = await paidOrder(t);
    const unknown = await c.seller.client.post(`/api/order/${c.orderId}/ship`, { trackingNumber: 'AB12345' });
    expect(unknown.body.tracking).toEqual({ number: 'AB12345', carrier: null, url: null });
  });
});

describe('received', () => {
  it('the buyer confirms: received and closed, the seller mailed, the seller may be rated; the seller cannot confirm', async () => {
    const { seller, buyer, orderId, item } = await paidOrder(t);
    await seller.client.post(`/api/order/${orderId}/ship`, { trackingNumber: '1Z999AA10123456784' });
    expect(await seller.client.post(`/api/order/${orderId}/received`)).toMatchObject({ status: 403, body: { message: 'forbidden' } });
    expect((await (await member(t)).client.post(`/api/order/${orderId}/received`)).status).toBe(404);
    expect((await (await t.client()).post(`/api/order/${orderId}/received`)).status).toBe(401);
    const received = await buyer.client.post(`/api/order/${orderId}/received`);
    expect(received.status).toBe(200);
    expect(received.body).toMatchObject({ status: 'received', receivedAt: expect.any(String), actions: ['rate'] });
    const row = await orderRow(t, orderId);
    expect(row).toMatchObject({ status: 'received', autoReceived: false });
    expect(row.closedAt).not.toBeNull();
    expect(await kinds(orderId)).toEqual(['paid', 'shipped', 'received']);
    expect(await mailsTo(seller.user.email)).toContain(`${item.name} was received`);
    // Shipped with tracking: it counts at once.
    expect((await readOutbox(t.config.outboxDir)).find((m) => m.subject === `${item.name} was received`)?.text).toContain('That is one more confirmed trade.');
    expect(await buyer.client.post(`/api/order/${orderId}/received`)).toMatchObject({ status: 409, body: { message: 'invalid_state' } });
    // Once rated, 'rate' is gone.
    expect((await buyer.client.post('/api/user/feedback', { itemId: item.id, sellerId: seller.user.id, description: 5, communication: 5, shipping: 5, comment: 'Great' })).status).toBe(200);
    expect((await buyer.client.get(`/api/order/${orderId}`)).body.actions).toEqual([]);
  });

  it('is refused before the order is marked shipped (issue 36: a confirmed trade needs a parcel), changing nothing', async () => {
    const { seller, buyer, orderId } = await paidOrder(t);
    expect((await buyer.client.get(`/api/order/${orderId}`)).body.actions).not.toContain('received');
    expect(await buyer.client.post(`/api/order/${orderId}/received`)).toMatchObject({ status: 409, body: { message: 'not_shipped' } });
    expect(await orderRow(t, orderId)).toMatchObject({ status: 'paid', receivedAt: null, closedAt: null });
    expect(await kinds(orderId)).toEqual(['paid']);
    // Nor with a problem open on the unshipped order.
    await passTime(t, orderId, 73);
    await buyer.client.post(`/api/order/${orderId}/problem`, { reason: 'not_received', details: '' });
    expect(await buyer.client.post(`/api/order/${orderId}/received`)).toMatchObject({ status: 409, body: { message: 'not_shipped' } });
    expect((await orderRow(t, orderId)).status).toBe('problem');
    await seller.client.post(`/api/order/${orderId}/ship`, {});
    expect((await buyer.client.post(`/api/order/${orderId}/received`)).body.status).toBe('received');
    // Shipped without tracking: the seller is told it counts 14 days after shipping, not at once.
    const told = (await readOutbox(t.config.outboxDir)).find((m) => m.to === seller.user.email && m.subject.endsWith('was received'));
    expect(told?.text).toContain('counts as a confirmed trade 14 days after you shipped it');
    expect(told?.text).not.toContain('That is one more confirmed trade.');
  });
});

describe('the Sold and Purchased tabs', () => {
  it('carry each item order, where it stands and whether it is late; other lists carry none', async () => {
    const { seller, buyer, orderId, item } = await paidOrder(t);
    expect((await seller.client.get('/api/me/items/sold')).body).toEqual([expect.objectContaining({ _id: item.id, order: { _id: orderId, status: 'paid', late: false } })]);
    await passTime(t, orderId, 73);
    expect((await buyer.client.get('/api/me/items/purchased')).body[0].order).toEqual({ _id: orderId, status: 'paid', late: true });
    await seller.client.post(`/api/order/${orderId}/ship`, {});
    expect((await buyer.client.get('/api/me/items/purchased')).body[0].order).toEqual({ _id: orderId, status: 'shipped', late: false });
    const listed = await member(t);
    expect((await seller.client.get('/api/me/items/listed')).body.every((c: object) => !('order' in c))).toBe(true);
    expect((await listed.client.get('/api/items')).body.every((c: object) => !('order' in c))).toBe(true);
  });
});

describe('the badge and the lists of the other users', () => {
  it('a removed user reads as User Not Found on the other side', async () => {
    const { seller, buyer, orderId } = await paidOrder(t);
    await t.db.db.update(users).set({ removedAt: new Date() }).where(eq(users.id, seller.user.id));
    expect((await buyer.client.get(`/api/order/${orderId}`)).body.otherUser).toEqual({ _id: seller.user.id, username: 'User Not Found', avatar: null });
    expect((await t.db.db.select({ s: orders.status }).from(orders).where(eq(orders.id, orderId)))[0]!.s).toBe('paid');
  });
});
