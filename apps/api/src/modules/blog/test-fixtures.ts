import { blogPosts } from '../../db/schema/index';
import type { TestContext } from '../../test/app';
import { createUser } from '../../test/factories';

/** An admin, an ordinary user and their signed-in clients, plus a logged-out one. */
export async function blogPeople(t: TestContext) {
  const admin = await createUser(t.db.db, { isAdmin: true });
  const user = await createUser(t.db.db);
  return {
    admin,
    user,
    asAdmin: await t.clientAs(admin.id),
    asUser: await t.clientAs(user.id),
    anonymous: await t.client(),
  };
}

const DAY = 24 * 60 * 60 * 1000;

/** A post stored as a save and a publish would store it; published by default, `daysAgo` its publication time. */
export async function createPost(
  t: TestContext,
  authorId: string,
  overrides: Partial<typeof blogPosts.$inferInsert> & { daysAgo?: number } = {},
) {
  const { daysAgo = 0, ...values } = overrides;
  const at = new Date(Date.now() - daysAgo * DAY);
  const isPublished = values.isPublished ?? true;
  const [row] = await t.db.db
    .insert(blogPosts)
    .values({
      authorId,
      categoryId: 'news',
      title: 'Group buy roundup',
      body: 'Three boards worth a look this month.',
      bodyHtml: '<p>Three boards worth a look this month.</p>',
      thumbnail: '/uploads/blog/banner.jpg',
      isPublished,
      publishedAt: isPublished ? at : null,
      createdAt: at,
      ...values,
    })
    .returning();
  if (!row) throw new Error('blog post insert returned nothing');
  return row;
}

/** A valid POST /api/blog body, with overrides. */
export const postInput = (overrides: Record<string, unknown> = {}) => ({
  categoryId: 'guides',
  thumbnail: '/uploads/blog/abc123.jpg',
  title: 'Lubing switches',
  body: 'Take the housing apart first.',
  bodyHTML: '<p>Take the housing <strong>apart</strong> first.</p>',
  ...overrides,
});
