import { sql } from 'drizzle-orm';
import type { Want, WantInput } from '@keeb/shared';
import type { users } from '../../db/schema/index';
import type { TestClient, TestContext } from '../../test/app';
import { createItem, createUser } from '../../test/factories';

/** A signed-in user with a confirmed address (in US unless told), and their client. */
export async function member(t: TestContext, overrides: Partial<typeof users.$inferInsert> = {}) {
  const user = await createUser(t.db.db, { emailConfirmedAt: new Date(), ...overrides });
  return { user, client: await t.clientAs(user.id) };
}
export type Member = Awaited<ReturnType<typeof member>>;

/** Saves a want through the API; fails the test unless it is created. */
export async function saveWant(client: TestClient, input: WantInput): Promise<Want> {
  const res = await client.post('/api/me/wants', input);
  if (res.status !== 201) throw new Error(`want not created: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as Want;
}

/**
 * A listing of the seller's awaiting approval: its words join the search vocabulary at once (as a listing's do
 * when it is submitted), so a want saved before its approval can already know them.
 */
export function pendingListing(t: TestContext, sellerId: string, overrides: Parameters<typeof createItem>[2] = {}, shipping?: Parameters<typeof createItem>[3]) {
  return createItem(t.db.db, sellerId, { approvalStatus: 'pending', ...overrides }, shipping);
}

/** Approves a listing as an admin would, and runs the jobs that queues (the want matching among them). */
export async function approve(t: TestContext, itemId: string) {
  const admin = await createUser(t.db.db, { isAdmin: true });
  const res = await (await t.clientAs(admin.id)).post(`/api/item/${itemId}/approve`);
  if (res.status !== 200) throw new Error(`approve failed: ${res.status} ${JSON.stringify(res.body)}`);
  await t.jobs.drain();
}

/** The (want, listing) pairs recorded as matches. */
export async function matchRows(t: TestContext) {
  const result = await t.db.db.execute(sql`select want_id as "wantId", item_id as "itemId", user_id as "userId", price_cents as "priceCents", digest_pending as "digestPending" from want_matches order by created_at`);
  return (result as unknown as { rows: Array<{ wantId: string; itemId: string; userId: string; priceCents: number; digestPending: boolean }> }).rows;
}
