import { api } from '../../../lib/api';
import { blogPath } from './keys';

/** DELETE /blog/{id}/delete (admin): the post goes with its comments and entries. */
export async function deleteBlogPost(id: string): Promise<void> {
  await api.delete(`${blogPath(id)}/delete`);
}
