import { existsSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { BLOG_CATEGORIES, BLOG_PAGE_SIZE, type BlogList, type BlogPost, type BlogSummary } from '@keeb/shared';
import { blogComments, blogPosts, giveawayEntries } from '../../db/schema/index';
import { useTestApp } from '../../test/app';
import { userTablesChecksum } from '../../test/checksum';
import { createUser } from '../../test/factories';
import { bannerSince } from './service';
import { blogPeople, createPost, postInput } from './test-fixtures';

const t = useTestApp();
const MUST_LOGIN = { message: 'must login' };
const FORBIDDEN = { message: 'forbidden' };

describe('GET /api/blogs', () => {
  it('shows visitors and users published posts only, newest first, with p false; admins every post with p true', async () => {
    const { admin, asAdmin, asUser, anonymous } = await blogPeople(t);
    const old = await createPost(t, admin.id, { title: 'Old', daysAgo: 3 });
    const recent = await createPost(t, admin.id, { title: 'Recent', daysAgo: 1, categoryId: 'giveaway' });
    const draft = await createPost(t, admin.id, { title: 'Draft', isPublished: false });

    for (const client of [anonymous, asUser]) {
      const res = await client.get('/api/blogs');
      expect(res.status).toBe(200);
      const list = res.body as BlogList;
      expect(list.p).toBe(false);
      expect(list.blogs.map((b) => b.title)).toEqual(['Recent', 'Old']);
    }
    const list = (await asAdmin.get('/api/blogs')).body as BlogList;
    expect(list.p).toBe(true);
    expect(list.blogs.map((b) => b._id)).toEqual([draft.id, recent.id, old.id]);
    expect(list.blogs[1]).toEqual({
      _id: recent.id,
      title: 'Recent',
      thumbnail: '/uploads/blog/banner.jpg',
      body: 'Three boards worth a look this month.',
      date: recent.publishedAt!.toISOString(),
      isPublished: true,
      author: { _id: admin.id, username: admin.username },
      categoryId: { _id: 'giveaway', name: 'Giveaway' },
      giveaway: { canEnter: true },
    } satisfies BlogSummary);
    expect(list.blogs[2]?.giveaway).toBeNull();
  });

  it('answers an excerpt, not the whole body, and pages by keyset', async () => {
    const { admin, anonymous } = await blogPeople(t);
    for (let i = 0; i < BLOG_PAGE_SIZE + 2; i++) await createPost(t, admin.id, { title: `Post ${i}`, daysAgo: i, body: 'k'.repeat(5_000) });
    const first = (await anonymous.get('/api/blogs')).body as BlogList;
    expect(first.blogs).toHaveLength(BLOG_PAGE_SIZE);
    expect(first.blogs[0]?.body.length).toBe(280);
    expect(first.next).not.toBeNull();
    const second = (await anonymous.get(`/api/blogs?ts=${encodeURIComponent(first.next!.ts)}&cursorId=${first.next!.cursorId}`)).body as BlogList;
    expect(second.blogs.map((b) => b.title)).toEqual([`Post ${BLOG_PAGE_SIZE}`, `Post ${BLOG_PAGE_SIZE + 1}`]);
    expect(second.next).toBeNull();
    expect((await anonymous.get('/api/blogs?ts=yesterday')).body).toEqual({ message: 'invalid_cursor', field: 'ts' });
  });

  it("says 'No Blog Posts' material: an empty list", async () => {
    const { anonymous } = await blogPeople(t);
    expect((await anonymous.get('/api/blogs')).body).toEqual({ blogs: [], p: false, next: null });
  });
});

describe('GET /api/banner-blogs', () => {
  it('keeps published posts of this month and the two before it, most recent first', async () => {
    const { admin, asUser, anonymous } = await blogPeople(t);
    await createPost(t, admin.id, { title: 'Three months old', daysAgo: 92 });
    await createPost(t, admin.id, { title: 'One month old', daysAgo: 31 });
    await createPost(t, admin.id, { title: 'Yesterday', daysAgo: 1 });
    await createPost(t, admin.id, { title: 'Unpublished', isPublished: false });
    for (const client of [anonymous, asUser]) {
      const res = await client.get('/api/banner-blogs');
      expect(res.status).toBe(200);
      expect((res.body as BlogSummary[]).map((b) => b.title)).toEqual(['Yesterday', 'One month old']);
    }
  });

  it('counts months, not days: from the first of the month two months back', () => {
    expect(bannerSince(new Date('2026-03-31T23:00:00Z')).toISOString()).toBe('2026-01-01T00:00:00.000Z');
    expect(bannerSince(new Date('2026-01-05T00:00:00Z')).toISOString()).toBe('2025-11-01T00:00:00.000Z');
  });
});

describe('GET /api/blog/:id', () => {
  it('answers a published post to everyone, with author, category, giveaway, isEntered and comments oldest first', async () => {
    const { admin, user, asUser, anonymous } = await blogPeople(t);
    const post = await createPost(t, admin.id, { categoryId: 'giveaway' });
    const removed = await createUser(t.db.db, { removedAt: new Date() });
    await t.db.db.insert(blogComments).values([
      { postId: post.id, userId: user.id, body: 'First!', createdAt: new Date(Date.now() - 2000) },
      { postId: post.id, userId: removed.id, body: 'Gone', createdAt: new Date(Date.now() - 1500) },
      { postId: post.id, userId: admin.id, body: 'Welcome', createdAt: new Date(Date.now() - 1000) },
    ]);
    await t.db.db.insert(giveawayEntries).values({ postId: post.id, userId: user.id, fullName: 'Jo Keeb' });

    const seen = (await asUser.get(`/api/blog/${post.id}`)).body as BlogPost;
    expect(seen).toMatchObject({
      _id: post.id,
      bodyHTML: '<p>Three boards worth a look this month.</p>',
      author: { username: admin.username },
      categoryId: { _id: 'giveaway', name: 'Giveaway' },
      giveaway: { canEnter: true },
      isEntered: true,
    });
    expect(seen.comments.map((c) => [c.body, c.userId.username])).toEqual([
      ['First!', user.username],
      ['Welcome', admin.username],
    ]);
    expect(seen.comments[0]?.userId).toEqual({ _id: user.id, username: user.username, avatar: null, reddit: { isLinked: false } });
    expect(((await anonymous.get(`/api/blog/${post.id}`)).body as BlogPost).isEntered).toBe(false);
  });

  it('hides an unpublished post from everyone but admins (404 not_found)', async () => {
    const { admin, asAdmin, asUser, anonymous } = await blogPeople(t);
    const draft = await createPost(t, admin.id, { isPublished: false });
    for (const client of [anonymous, asUser]) expect((await client.get(`/api/blog/${draft.id}`)).body).toEqual({ message: 'not_found' });
    expect((await asAdmin.get(`/api/blog/${draft.id}`)).status).toBe(200);
    expect((await anonymous.get('/api/blog/not-a-uuid')).status).toBe(404);
    expect((await anonymous.get('/api/blog/00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });
});

describe('GET /api/blog/:id/edit', () => {
  it('answers admins only', async () => {
    const { admin, asAdmin, asUser, anonymous } = await blogPeople(t);
    const draft = await createPost(t, admin.id, { isPublished: false, title: 'Draft' });
    expect((await anonymous.get(`/api/blog/${draft.id}/edit`)).body).toEqual(MUST_LOGIN);
    expect((await asUser.get(`/api/blog/${draft.id}/edit`)).body).toEqual(FORBIDDEN);
    const res = await asAdmin.get(`/api/blog/${draft.id}/edit`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ _id: draft.id, title: 'Draft', body: 'Three boards worth a look this month.', isPublished: false });
  });
});

describe('GET /api/blog/c/get', () => {
  it('lists the blog categories, Giveaway among them, to anyone', async () => {
    const { anonymous } = await blogPeople(t);
    const res = await anonymous.get('/api/blog/c/get');
    expect(res.body).toEqual(BLOG_CATEGORIES.map(({ _id, name }) => ({ _id, name })));
    expect(res.body).toContainEqual({ _id: 'giveaway', name: 'Giveaway' });
  });
});

describe('POST /api/blog', () => {
  it('creates an unpublished post by the admin and answers it; with _id it updates it', async () => {
    const { admin, asAdmin } = await blogPeople(t);
    const created = await asAdmin.post('/api/blog', postInput({ title: '  Lubing switches  ' }));
    expect(created.status).toBe(200);
    const post = created.body as BlogPost;
    expect(post).toMatchObject({ title: 'Lubing switches', isPublished: false, author: { _id: admin.id }, categoryId: { _id: 'guides', name: 'Guides' }, giveaway: null });
    expect(post.bodyHTML).toBe('<p>Take the housing <strong>apart</strong> first.</p>');

    const updated = await asAdmin.post('/api/blog', postInput({ _id: post._id, title: 'Lubing switches, part 2', categoryId: 'giveaway' }));
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ _id: post._id, title: 'Lubing switches, part 2', giveaway: { canEnter: true } });
    expect(await t.db.db.select({ id: blogPosts.id }).from(blogPosts)).toHaveLength(1);
  });

  it("checks in the spec's order: category, banner, title, content; and changes nothing when refused", async () => {
    const { asAdmin } = await blogPeople(t);
    const before = await userTablesChecksum(t.db.db);
    const refused = async (body: Record<string, unknown>) => {
      const res = await asAdmin.post('/api/blog', body);
      expect(res.status).toBe(400);
      return res.body as { message: string; field: string };
    };
    expect(await refused({})).toEqual({ message: 'category_required', field: 'categoryId' });
    expect(await refused(postInput({ categoryId: 'no-such-category', thumbnail: '', title: '' }))).toEqual({ message: 'category_required', field: 'categoryId' });
    expect(await refused(postInput({ thumbnail: ' ', title: '', body: '' }))).toEqual({ message: 'thumbnail_required', field: 'thumbnail' });
    expect(await refused(postInput({ title: '   ', body: '' }))).toEqual({ message: 'title_required', field: 'title' });
    expect(await refused(postInput({ body: '  ', bodyHTML: '<p></p>' }))).toEqual({ message: 'content_required', field: 'body' });
    expect(await refused(postInput({ title: 'k'.repeat(201) }))).toEqual({ message: 'too_long', field: 'title' });
    // The banner must be one of our uploads: another host, a data: URL or a path out of the uploads is refused.
    for (const thumbnail of ['https://evil.example/a.jpg', 'data:image/png;base64,AAAA', '/uploads/blog/../../secret.jpg', 'javascript:alert(1)', '/uploads/blog/a.gif']) {
      expect(await refused(postInput({ thumbnail }))).toEqual({ message: 'invalid_thumbnail', field: 'thumbnail' });
    }
    expect(await refused(postInput({ _id: 'nope' }))).toEqual({ message: 'not_found', field: '_id' });
    expect((await asAdmin.post('/api/blog', postInput({ _id: '00000000-0000-4000-8000-000000000000' }))).body).toEqual({ message: 'not_found' });
    expect(await userTablesChecksum(t.db.db)).toBe(before);
  });

  it('takes an image-only post as content, and a text-only one gets paragraphs for its HTML', async () => {
    const { asAdmin } = await blogPeople(t);
    const image = await asAdmin.post('/api/blog', postInput({ body: '', bodyHTML: '<p><img src="/uploads/blog/x.jpg" alt="Board"></p>' }));
    expect(image.status).toBe(200);
    expect((image.body as BlogPost).bodyHTML).toBe('<p><img src="/uploads/blog/x.jpg" alt="Board" /></p>');
    const text = await asAdmin.post('/api/blog', postInput({ body: 'One <b>line</b>\n\nTwo', bodyHTML: '<script>alert(1)</script>' }));
    expect((text.body as BlogPost).bodyHTML).toBe('<p>One &lt;b&gt;line&lt;/b&gt;</p><p>Two</p>');
  });

  it('stores the HTML sanitised: what is served is what survived the allowlist', async () => {
    const { asAdmin, anonymous } = await blogPeople(t);
    const bodyHTML =
      '<h2 onclick="x()">Build</h2><script>alert(1)</script><p style="color:red">Text <a href="javascript:alert(1)">bad</a> ' +
      '<a href="https://keeb.example" target="_blank">good</a></p><img src=x onerror=alert(1)><iframe src="https://evil.example"></iframe>' +
      '<img src="https://evil.example/a.jpg"><img src="/uploads/blog/ok.jpg" alt="ok"><svg onload="alert(1)"></svg>';
    const saved = (await asAdmin.post('/api/blog', postInput({ bodyHTML }))).body as BlogPost;
    const expected =
      '<h2>Build</h2><p>Text <a rel="noopener noreferrer nofollow">bad</a> <a href="https://keeb.example" target="_blank" rel="noopener noreferrer nofollow">good</a></p>' +
      '<img src="/uploads/blog/ok.jpg" alt="ok" />';
    expect(saved.bodyHTML).toBe(expected);
    await asAdmin.post(`/api/blog/${saved._id}/publish`);
    expect(((await anonymous.get(`/api/blog/${saved._id}`)).body as BlogPost).bodyHTML).toBe(expected);
  });

  it('is for admins only', async () => {
    const { asUser, anonymous } = await blogPeople(t);
    expect((await anonymous.post('/api/blog', postInput())).body).toEqual(MUST_LOGIN);
    expect((await asUser.post('/api/blog', postInput())).body).toEqual(FORBIDDEN);
    expect(await t.db.db.select().from(blogPosts)).toEqual([]);
  });
});

describe('POST /api/blog/:id/publish', () => {
  it('publishes once (the date stays the first publication), for admins only', async () => {
    const { admin, asAdmin, asUser, anonymous } = await blogPeople(t);
    const draft = await createPost(t, admin.id, { isPublished: false });
    expect((await anonymous.post(`/api/blog/${draft.id}/publish`)).body).toEqual(MUST_LOGIN);
    expect((await asUser.post(`/api/blog/${draft.id}/publish`)).body).toEqual(FORBIDDEN);
    expect((await anonymous.get(`/api/blog/${draft.id}`)).status).toBe(404);
    expect((await asAdmin.post(`/api/blog/${draft.id}/publish`)).body).toEqual({ _id: draft.id, isPublished: true });
    const first = ((await anonymous.get(`/api/blog/${draft.id}`)).body as BlogPost).date;
    expect((await asAdmin.post(`/api/blog/${draft.id}/publish`)).status).toBe(200);
    expect(((await anonymous.get(`/api/blog/${draft.id}`)).body as BlogPost).date).toBe(first);
    expect((await asAdmin.post('/api/blog/00000000-0000-4000-8000-000000000000/publish')).status).toBe(404);
  });
});

describe('DELETE /api/blog/:id/delete', () => {
  it('deletes the post with its comments and entries, for admins only', async () => {
    const { admin, user, asAdmin, asUser, anonymous } = await blogPeople(t);
    const post = await createPost(t, admin.id, { categoryId: 'giveaway' });
    await t.db.db.insert(blogComments).values({ postId: post.id, userId: user.id, body: 'Nice' });
    await t.db.db.insert(giveawayEntries).values({ postId: post.id, userId: user.id, fullName: 'Jo Keeb' });
    expect((await anonymous.delete(`/api/blog/${post.id}/delete`)).body).toEqual(MUST_LOGIN);
    expect((await asUser.delete(`/api/blog/${post.id}/delete`)).body).toEqual(FORBIDDEN);
    expect((await asAdmin.delete(`/api/blog/${post.id}/delete`)).body).toEqual({ _id: post.id });
    expect(await t.db.db.select().from(blogPosts).where(eq(blogPosts.id, post.id))).toEqual([]);
    expect(await t.db.db.select().from(blogComments)).toEqual([]);
    expect(await t.db.db.select().from(giveawayEntries)).toEqual([]);
    expect((await asAdmin.delete(`/api/blog/${post.id}/delete`)).status).toBe(404);
  });
});

describe('POST /api/blog/image-upload', () => {
  const png = () => sharp({ create: { width: 550, height: 300, channels: 3, background: '#5b8def' } }).png().toBuffer();

  it('stores a re-encoded JPEG under our uploads with its list and detail sizes, and answers its address', async () => {
    const { asAdmin } = await blogPeople(t);
    const res = await asAdmin.upload('/api/blog/image-upload', 'image', await png(), 'banner.png');
    expect(res.status).toBe(200);
    const { url } = res.body as { url: string };
    expect(url).toMatch(/^\/uploads\/blog\/[0-9a-f]{24}\.jpg$/);
    for (const name of [url, url.replace('/blog/', '/blog/@2x_'), url.replace('/blog/', '/blog/@4x_')]) {
      expect(existsSync(path.join(t.config.uploadsDir, name.replace(/^\/uploads\//, '')))).toBe(true);
    }
    // The answer is a banner the save accepts.
    expect((await asAdmin.post('/api/blog', postInput({ thumbnail: url }))).status).toBe(200);
  });

  it('refuses what is not a JPEG or PNG, and anyone but an admin', async () => {
    const { asAdmin, asUser, anonymous } = await blogPeople(t);
    const gif = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } }).gif().toBuffer();
    expect((await asAdmin.upload('/api/blog/image-upload', 'image', gif, 'a.gif')).body).toEqual({ message: 'invalid_image' });
    expect((await asAdmin.upload('/api/blog/image-upload', 'image', Buffer.from('<svg onload="x"/>'), 'a.png')).body).toEqual({ message: 'invalid_image' });
    expect((await asUser.upload('/api/blog/image-upload', 'image', await png(), 'a.png')).body).toEqual(FORBIDDEN);
    expect((await anonymous.upload('/api/blog/image-upload', 'image', await png(), 'a.png')).body).toEqual(MUST_LOGIN);
  });
});
