import { describe, expect, it } from 'vitest';
import type { BlogPost, GiveawayEntry } from '@keeb/shared';
import { giveawayEntries } from '../../db/schema/index';
import { useTestApp } from '../../test/app';
import { userTablesChecksum } from '../../test/checksum';
import { createUser } from '../../test/factories';
import { blogPeople, createPost } from './test-fixtures';

const t = useTestApp();
const MUST_LOGIN = { message: 'must login' };
const FORBIDDEN = { message: 'forbidden' };

describe('POST /api/blog/giveaway/enter', () => {
  it('enters a signed-in user once; the post then says isEntered', async () => {
    const { admin, user, asUser } = await blogPeople(t);
    const post = await createPost(t, admin.id, { categoryId: 'giveaway' });
    const res = await asUser.post('/api/blog/giveaway/enter', { blogId: post.id, fullName: '  Jo   Keeb ' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ blogId: post.id, isEntered: true });
    expect(await t.db.db.select({ userId: giveawayEntries.userId, fullName: giveawayEntries.fullName }).from(giveawayEntries)).toEqual([{ userId: user.id, fullName: 'Jo Keeb' }]);
    expect(((await asUser.get(`/api/blog/${post.id}`)).body as BlogPost).isEntered).toBe(true);
    const again = await asUser.post('/api/blog/giveaway/enter', { blogId: post.id, fullName: 'Jo Keeb' });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ message: 'already_entered' });
  });

  it('stores exactly one entry of five parallel ones; the others answer already_entered, never a 5xx', async () => {
    const { admin, asUser } = await blogPeople(t);
    const post = await createPost(t, admin.id, { categoryId: 'giveaway' });
    const answers = await Promise.all(Array.from({ length: 5 }, () => asUser.post('/api/blog/giveaway/enter', { blogId: post.id, fullName: 'Jo Keeb' })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409, 409]);
    expect(answers.filter((a) => a.status === 409).every((a) => (a.body as { message: string }).message === 'already_entered')).toBe(true);
    expect(await t.db.db.select().from(giveawayEntries)).toHaveLength(1);
  });

  it('refuses a closed giveaway, a post outside the Giveaway category, an unpublished or unknown post, and a blank name', async () => {
    const { admin, asUser, asAdmin } = await blogPeople(t);
    const open = await createPost(t, admin.id, { categoryId: 'giveaway' });
    const closed = await createPost(t, admin.id, { categoryId: 'giveaway', giveawayOpen: false });
    const news = await createPost(t, admin.id, { categoryId: 'news' });
    const draft = await createPost(t, admin.id, { categoryId: 'giveaway', isPublished: false });
    const before = await userTablesChecksum(t.db.db);
    const enter = (blogId: string, fullName = 'Jo Keeb') => asUser.post('/api/blog/giveaway/enter', { blogId, fullName });
    expect((await enter(closed.id)).body).toEqual({ message: 'giveaway_closed' });
    expect((await enter(news.id)).body).toEqual({ message: 'not_giveaway' });
    expect((await enter(draft.id)).body).toEqual({ message: 'not_found' });
    expect((await asAdmin.post('/api/blog/giveaway/enter', { blogId: draft.id, fullName: 'Admin' })).body).toEqual({ message: 'not_found' });
    expect((await enter('00000000-0000-4000-8000-000000000000')).body).toEqual({ message: 'not_found' });
    expect((await enter('nope')).body).toEqual({ message: 'not_found', field: 'blogId' });
    expect((await enter(open.id, '   ')).body).toEqual({ message: 'field_required', field: 'fullName' });
    expect((await enter(open.id, 'k'.repeat(101))).body).toEqual({ message: 'too_long', field: 'fullName' });
    expect((await asUser.post('/api/blog/giveaway/enter', { blogId: open.id })).body).toEqual({ message: 'field_required', field: 'fullName' });
    expect(await userTablesChecksum(t.db.db)).toBe(before);
  });

  it('needs a session', async () => {
    const { admin, anonymous } = await blogPeople(t);
    const post = await createPost(t, admin.id, { categoryId: 'giveaway' });
    expect((await anonymous.post('/api/blog/giveaway/enter', { blogId: post.id, fullName: 'Jo' })).body).toEqual(MUST_LOGIN);
  });
});

describe('GET /api/blog/:id/giveaway/entries', () => {
  it('lists the entries in the order they came, numbered, with full name, username and email, to admins only', async () => {
    const { admin, user, asAdmin, asUser, anonymous } = await blogPeople(t);
    const second = await createUser(t.db.db);
    const post = await createPost(t, admin.id, { categoryId: 'giveaway' });
    await asUser.post('/api/blog/giveaway/enter', { blogId: post.id, fullName: 'Jo Keeb' });
    await (await t.clientAs(second.id)).post('/api/blog/giveaway/enter', { blogId: post.id, fullName: 'Sam Switch' });

    expect((await anonymous.get(`/api/blog/${post.id}/giveaway/entries`)).body).toEqual(MUST_LOGIN);
    expect((await asUser.get(`/api/blog/${post.id}/giveaway/entries`)).body).toEqual(FORBIDDEN);
    const entries = (await asAdmin.get(`/api/blog/${post.id}/giveaway/entries`)).body as GiveawayEntry[];
    expect(entries.map(({ timeCreated: _, ...rest }) => rest)).toEqual([
      { number: 1, fullName: 'Jo Keeb', userId: { _id: user.id, username: user.username, email: user.email } },
      { number: 2, fullName: 'Sam Switch', userId: { _id: second.id, username: second.username, email: second.email } },
    ]);
  });

  it('answers not_giveaway for another category and not_found for no post', async () => {
    const { admin, asAdmin } = await blogPeople(t);
    const news = await createPost(t, admin.id);
    expect((await asAdmin.get(`/api/blog/${news.id}/giveaway/entries`)).body).toEqual({ message: 'not_giveaway' });
    expect((await asAdmin.get('/api/blog/00000000-0000-4000-8000-000000000000/giveaway/entries')).status).toBe(404);
  });
});

describe('POST /api/blog/:id/giveaway/close', () => {
  it('closes the giveaway (canEnter false) for admins only; entries are refused after', async () => {
    const { admin, asAdmin, asUser, anonymous } = await blogPeople(t);
    const post = await createPost(t, admin.id, { categoryId: 'giveaway' });
    expect((await anonymous.post(`/api/blog/${post.id}/giveaway/close`)).body).toEqual(MUST_LOGIN);
    expect((await asUser.post(`/api/blog/${post.id}/giveaway/close`)).body).toEqual(FORBIDDEN);
    expect((await asAdmin.post(`/api/blog/${post.id}/giveaway/close`)).body).toEqual({ _id: post.id, giveaway: { canEnter: false } });
    expect(((await anonymous.get(`/api/blog/${post.id}`)).body as BlogPost).giveaway).toEqual({ canEnter: false });
    const refused = await asUser.post('/api/blog/giveaway/enter', { blogId: post.id, fullName: 'Jo Keeb' });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ message: 'giveaway_closed' });
    const news = await createPost(t, admin.id);
    expect((await asAdmin.post(`/api/blog/${news.id}/giveaway/close`)).body).toEqual({ message: 'not_giveaway' });
  });
});
