import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app';
import { createItem, createUser } from '../../test/factories';
import { statementsDuring } from '../../test/statements';

/**
 * Issue 37: a member's list page is one statement, as a visitor's uncached one is: their hearts are read in it
 * (ListOptions.viewerId), not by a second query per page. The session's read is the session viewer's (a second's
 * cache of its own, platform/session-viewer.ts), left out of the count.
 */
const t = useTestApp();
type Card = { _id: string; isFollowing?: boolean };
const byId = (body: unknown) => new Map((body as Card[]).map((c) => [c._id, c.isFollowing]));
const pageStatements = (texts: string[]) => texts.filter((text) => !/\bfrom sessions\b/.test(text));

describe("a member's page in one statement", () => {
  it('carries their hearts on the feed, a filtered page, a search and a seller\'s listings; a visitor\'s none', async () => {
    const seller = await createUser(t.db.db);
    const member = await createUser(t.db.db);
    const saved = await createItem(t.db.db, seller.id, { name: 'GMK Olivia base kit', categoryId: 'keycaps' });
    const other = await createItem(t.db.db, seller.id, { name: 'GMK Olivia novelties', categoryId: 'keycaps' });
    const client = await t.clientAs(member.id);
    expect((await client.post(`/api/item/${saved.id}/save`, {})).status).toBe(200);
    for (const path of ['/api/items', '/api/items?categoryIds=keycaps', '/api/items?searchText=olivia', `/api/user/${seller.username}/items/listed`]) {
      await client.get(path);
      const { result, texts } = await statementsDuring(t.db.db, () => client.get(path));
      expect(result.status, path).toBe(200);
      expect(byId(result.body).get(saved.id), path).toBe(true);
      expect(byId(result.body).get(other.id), path).toBe(false);
      expect(pageStatements(texts), path).toHaveLength(1);
    }
    const visitor = await t.client();
    const cards = byId((await visitor.get('/api/items?categoryIds=keycaps')).body);
    expect([cards.has(saved.id), cards.get(saved.id)]).toEqual([true, undefined]);
  });

  it("another member sees their own hearts, not this one's", async () => {
    const seller = await createUser(t.db.db);
    const [first, second] = [await createUser(t.db.db), await createUser(t.db.db)];
    const item = await createItem(t.db.db, seller.id);
    const one = await t.clientAs(first.id);
    expect((await one.post(`/api/item/${item.id}/save`, {})).status).toBe(200);
    const two = await t.clientAs(second.id);
    expect(byId((await one.get('/api/items')).body).get(item.id)).toBe(true);
    expect(byId((await two.get('/api/items')).body).get(item.id)).toBe(false);
  });
});
