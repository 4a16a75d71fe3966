import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DEFAULT_EMAIL_PREFERENCES } from '../../db/schema/accounts';
import { orderEvents } from '../../db/schema/index';
import { useTestApp } from '../../test/app';
import { member, orderRow, paidOrder, passTime } from '../../test/orders';
import { readOutbox } from '../../test/outbox';
import { collect, useRealtime } from '../../test/realtime';

const t = useTestApp({ PUBLIC_URL: 'http://keeb.test' });
const rt = useRealtime(t, { appUrl: 'http://keeb.test' });

const kinds = async (orderId: string) =>
  (await t.db.db.select({ kind: orderEvents.kind }).from(orderEvents).where(eq(orderEvents.orderId, orderId)).orderBy(orderEvents.at, orderEvents.id)).map((e) => e.kind);
const subjectsTo = async (email: string) => (await readOutbox(t.config.outboxDir)).filter((m) => m.to === email).map((m) => m.subject);

describe('the 72 hours to ship', () => {
  it('reminds the seller at 48 hours, and past 72 the order is Late to both (pushed to their tabs)', async () => {
    const { seller, buyer, orderId, item } = await paidOrder(t);
    const sellerUpdates = collect(await rt.open(seller.client.cookie), 'orderUpdate');
    const buyerUpdates = collect(await rt.open(buyer.client.cookie), 'orderUpdate');
    await passTime(t, orderId, 47);
    expect(await subjectsTo(seller.user.email)).not.toContain(`Please ship ${item.name}`);
    await passTime(t, orderId, 1.1);
    expect(await subjectsTo(seller.user.email)).toContain(`Please ship ${item.name}`);
    await expect.poll(() => sellerUpdates.map((u) => u.text)).toContain(`Please ship ${item.name}: it was paid 48 hours ago.`);
    expect((await buyer.client.get(`/api/order/${orderId}`)).body.late).toBe(false);

    await passTime(t, orderId, 24);
    expect(await kinds(orderId)).toEqual(['paid', 'late']);
    for (const side of [buyer, seller]) {
      expect((await side.client.get(`/api/order/${orderId}`)).body.late).toBe(true);
      expect((await side.client.get(`/api/me/orders?role=${side === buyer ? 'bought' : 'sold'}`)).body[0].late).toBe(true);
    }
    const lateText = `${item.name} is late: it was not shipped within 72 hours.`;
    await expect.poll(() => buyerUpdates.map((u) => u.text)).toContain(lateText);
    await expect.poll(() => sellerUpdates.map((u) => u.text)).toContain(lateText);
    // Shipping late ends 'Late'.
    await seller.client.post(`/api/order/${orderId}/ship`, {});
    expect((await buyer.client.get(`/api/order/${orderId}`)).body.late).toBe(false);
  });

  it('a shipped order gets neither the reminder nor Late', async () => {
    const { seller, orderId, item } = await paidOrder(t);
    await seller.client.post(`/api/order/${orderId}/ship`, {});
    await passTime(t, orderId, 73);
    expect(await subjectsTo(seller.user.email)).not.toContain(`Please ship ${item.name}`);
    expect(await kinds(orderId)).toEqual(['paid', 'shipped']);
  });

  it("a seller who turned off itemSell mail gets the reminder in the tab only", async () => {
    const quiet = await member(t, { emailPreferences: { ...DEFAULT_EMAIL_PREFERENCES, itemSell: false } });
    const { seller, orderId, item } = await paidOrder(t, { seller: quiet });
    const updates = collect(await rt.open(seller.client.cookie), 'orderUpdate');
    await passTime(t, orderId, 49);
    await expect.poll(() => updates.map((u) => u.text)).toContain(`Please ship ${item.name}: it was paid 48 hours ago.`);
    expect(await subjectsTo(seller.user.email)).not.toContain(`Please ship ${item.name}`);
  });
});

describe('the 14 days after shipping', () => {
  it('reminds the buyer at 10 days, then confirms received on its own at 14, counted as received for both', async () => {
    const { seller, buyer, orderId, item } = await paidOrder(t);
    await seller.client.post(`/api/order/${orderId}/ship`, { trackingNumber: '1Z999AA10123456784' });
    await passTime(t, orderId, 10 * 24 - 1);
    expect(await subjectsTo(buyer.user.email)).not.toContain(`Did ${item.name} arrive?`);
    await passTime(t, orderId, 1.1);
    expect(await subjectsTo(buyer.user.email)).toContain(`Did ${item.name} arrive?`);
    expect((await orderRow(t, orderId)).status).toBe('shipped');
    await passTime(t, orderId, 4 * 24);
    const row = await orderRow(t, orderId);
    expect(row).toMatchObject({ status: 'received', autoReceived: true });
    expect(row.closedAt).not.toBeNull();
    expect(await kinds(orderId)).toEqual(['paid', 'shipped', 'received']);
    expect(await subjectsTo(seller.user.email)).toContain(`${item.name} was received`);
    const shown = (await buyer.client.get(`/api/order/${orderId}`)).body;
    expect(shown.timeline.at(-1)).toMatchObject({ kind: 'received', data: { auto: true } });
    expect((await buyer.client.get('/api/me/notifications')).body.numOrdersToAct).toBe(0);
  });

  it('an order the buyer already confirmed is left alone', async () => {
    const { seller, buyer, orderId, item } = await paidOrder(t);
    await seller.client.post(`/api/order/${orderId}/ship`, {});
    await buyer.client.post(`/api/order/${orderId}/received`);
    await passTime(t, orderId, 15 * 24);
    expect(await orderRow(t, orderId)).toMatchObject({ status: 'received', autoReceived: false });
    expect(await subjectsTo(buyer.user.email)).not.toContain(`Did ${item.name} arrive?`);
    expect((await kinds(orderId)).filter((k) => k === 'received')).toHaveLength(1);
  });
});
