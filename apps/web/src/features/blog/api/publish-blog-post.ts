import { api } from '../../../lib/api';
import { blogPath } from './keys';

/** POST /blog/{id}/publish (admin). */
export async function publishBlogPost(id: string): Promise<void> {
  await api.post(`${blogPath(id)}/publish`);
}
