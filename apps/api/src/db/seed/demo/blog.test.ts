import { describe, expect, it } from 'vitest';
import type { BlogList, BlogPost, BlogSummary } from '@keeb/shared';
import { useTestApp } from '../../../test/app';
import { createUser } from '../../../test/factories';
import { loadDemoBlog } from './blog';

const t = useTestApp();

describe('demo blog posts', () => {
  it('are published, one of them an open giveaway recent enough for the home banner', async () => {
    const author = await createUser(t.db.db, { isDemo: true });
    expect(await loadDemoBlog(t.db.db, author.id, ['/uploads/demo/00-board-1.jpg', '/uploads/demo/03-board-1.jpg'])).toBe(2);
    const client = await t.client();
    const list = (await client.get('/api/blogs')).body as BlogList;
    expect(list.blogs).toHaveLength(2);
    const banner = (await client.get('/api/banner-blogs')).body as BlogSummary[];
    expect(banner[0]).toMatchObject({ categoryId: { name: 'Giveaway' }, giveaway: { canEnter: true }, thumbnail: '/uploads/demo/00-board-1.jpg' });
    const post = (await client.get(`/api/blog/${banner[0]!._id}`)).body as BlogPost;
    expect(post.bodyHTML).toMatch(/^<p>To celebrate/);
  });
});
