import type { BlogComment } from '@keeb/shared';
import { api } from '../../../lib/api';

/** POST /blog/comment: answers the new comment. */
export async function addBlogComment(input: { blogId: string; body: string }): Promise<BlogComment> {
  const { data } = await api.post<BlogComment>('/blog/comment', input);
  return data;
}
