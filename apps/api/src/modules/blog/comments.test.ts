import { describe, expect, it } from 'vitest';
import type { BlogComment, BlogPost } from '@keeb/shared';
import { blogComments } from '../../db/schema/index';
import { useTestApp } from '../../test/app';
import { userTablesChecksum } from '../../test/checksum';
import { blogPeople, createPost } from './test-fixtures';

const t = useTestApp();

describe('POST /api/blog/comment', () => {
  it('adds a trimmed comment to a published post and answers it as the post lists it', async () => {
    const { admin, user, asUser, anonymous } = await blogPeople(t);
    const post = await createPost(t, admin.id);
    const res = await asUser.post('/api/blog/comment', { blogId: post.id, body: '  Great write-up!  ' });
    expect(res.status).toBe(200);
    const comment = res.body as BlogComment;
    expect(comment).toMatchObject({ body: 'Great write-up!', userId: { _id: user.id, username: user.username, avatar: null, reddit: { isLinked: false } } });
    expect(((await anonymous.get(`/api/blog/${post.id}`)).body as BlogPost).comments).toEqual([comment]);
  });

  it('admins comment too; both see comments oldest first', async () => {
    const { admin, asUser, asAdmin } = await blogPeople(t);
    const post = await createPost(t, admin.id);
    await asUser.post('/api/blog/comment', { blogId: post.id, body: 'First' });
    await asAdmin.post('/api/blog/comment', { blogId: post.id, body: 'Thanks' });
    expect(((await asUser.get(`/api/blog/${post.id}`)).body as BlogPost).comments.map((c) => c.body)).toEqual(['First', 'Thanks']);
  });

  it('refuses a blank or too long body, an unpublished or unknown post, and a visitor, changing nothing', async () => {
    const { admin, asUser, asAdmin, anonymous } = await blogPeople(t);
    const post = await createPost(t, admin.id);
    const draft = await createPost(t, admin.id, { isPublished: false });
    const before = await userTablesChecksum(t.db.db);
    expect((await asUser.post('/api/blog/comment', { blogId: post.id, body: ' \n ' })).body).toEqual({ message: 'field_required', field: 'body' });
    expect((await asUser.post('/api/blog/comment', { blogId: post.id })).body).toEqual({ message: 'field_required', field: 'body' });
    expect((await asUser.post('/api/blog/comment', { blogId: post.id, body: 'k'.repeat(1_001) })).body).toEqual({ message: 'too_long', field: 'body' });
    expect((await asUser.post('/api/blog/comment', { body: 'Hi' })).body).toEqual({ message: 'not_found', field: 'blogId' });
    expect((await asUser.post('/api/blog/comment', { blogId: draft.id, body: 'Hi' })).body).toEqual({ message: 'not_found' });
    expect((await asAdmin.post('/api/blog/comment', { blogId: draft.id, body: 'Hi' })).body).toEqual({ message: 'not_found' });
    expect((await anonymous.post('/api/blog/comment', { blogId: post.id, body: 'Hi' })).body).toEqual({ message: 'must login' });
    expect(await userTablesChecksum(t.db.db)).toBe(before);
    expect((await asUser.post('/api/blog/comment', { blogId: post.id, body: 'k'.repeat(1_000) })).status).toBe(200);
    expect(await t.db.db.select().from(blogComments)).toHaveLength(1);
  });
});
