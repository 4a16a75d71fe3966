import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/app';
import { userTablesChecksum } from '../test/checksum';
import { createItem, createUser, listingInput } from '../test/factories';

// Issue 12: listing names, descriptions, comments and the bio had no length limit (60,000-character names were
// accepted). The limits live in the shared schemas (docs/decisions/0135-text-limits.md); the API answers 400
// too_long with the field.
const t = useTestApp();

async function signedIn() {
  const user = await createUser(t.db.db, { emailConfirmedAt: new Date(), phoneVerifiedAt: new Date() });
  return { user, client: await t.clientAs(user.id) };
}

const listing = (userId: string) => listingInput(userId);

const long = (n: number) => 'k'.repeat(n);

async function expectTooLong(send: () => PromiseLike<{ status: number; body: unknown }>, field: string) {
  const before = await userTablesChecksum(t.db.db);
  const res = await send();
  expect(res.status).toBe(400);
  expect(res.body).toEqual({ message: 'too_long', field });
  expect(await userTablesChecksum(t.db.db)).toBe(before);
}

describe('text limits', () => {
  it('listing name 100 and description 10,000 characters, on create and edit', async () => {
    const { user, client } = await signedIn();
    await expectTooLong(() => client.post('/api/item', { ...listing(user.id), name: long(60_000) }), 'name');
    await expectTooLong(() => client.post('/api/item', { ...listing(user.id), name: long(101) }), 'name');
    await expectTooLong(() => client.post('/api/item', { ...listing(user.id), description: long(10_001) }), 'description');
    const item = await createItem(t.db.db, user.id);
    await expectTooLong(() => client.put(`/api/item/${item.id}`, { ...listing(user.id), name: long(101) }), 'name');
    // At the limit (surrounding spaces are trimmed first) it lists.
    const ok = await client.post('/api/item', { ...listing(user.id), name: ` ${long(100)} `, description: long(10_000) });
    expect(ok.status).toBe(200);
  });

  it('comment 1,000 characters', async () => {
    const { user, client } = await signedIn();
    const item = await createItem(t.db.db, user.id);
    await expectTooLong(() => client.post(`/api/item/${item.id}/comment`, { body: long(1_001) }), 'body');
    expect((await client.post(`/api/item/${item.id}/comment`, { body: long(1_000) })).status).toBe(200);
  });

  it('bio 500 characters, answered with a code', async () => {
    const { user, client } = await signedIn();
    await expectTooLong(() => client.post('/api/me/account', { username: user.username, shippingRegion: 'US', bio: long(501) }), 'bio');
    expect((await client.post('/api/me/account', { username: user.username, shippingRegion: 'US', bio: long(500) })).status).toBe(200);
  });

  it('contact message 5,000 characters', async () => {
    const client = await t.client();
    await expectTooLong(() => client.post('/api/contact', { email: 'me@example.com', reason: 'Bug', message: long(5_001) }), 'message');
  });
});
