import type { BlogPost, BlogSaveInput } from '@keeb/shared';
import { api } from '../../../lib/api';

/** POST /blog: creates a post (no _id) or updates one (its _id); answers the saved post. */
export async function saveBlogPost(input: BlogSaveInput): Promise<BlogPost> {
  const { data } = await api.post<BlogPost>('/blog', input);
  return data;
}
