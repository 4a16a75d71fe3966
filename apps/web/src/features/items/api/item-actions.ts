import type { Comment } from '@keeb/shared';
import { api } from '../../../lib/api';

const itemPath = (id: string) => `/item/${encodeURIComponent(id)}`;

/** DELETE /item/{id}/remove (offer_pending while offers are accepted or pending). */
export async function removeItem(id: string): Promise<void> {
  await api.delete(`${itemPath(id)}/remove`);
}

/** POST /item/{id}/save or /unsave: the viewer's saved items (the vault). */
export async function setItemSaved(id: string, saved: boolean): Promise<void> {
  await api.post(`${itemPath(id)}/${saved ? 'save' : 'unsave'}`);
}

/** POST /item/{id}/comment: answers the new comment. */
export async function postComment(id: string, body: string): Promise<Comment> {
  const { data } = await api.post<Comment>(`${itemPath(id)}/comment`, { itemId: id, body });
  return data;
}
