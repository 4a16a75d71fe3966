import { api } from '../../../lib/api';

/** POST /blog/image-upload (admin): multipart field 'image'; answers the stored image's address. */
export async function uploadBlogImage(file: File): Promise<string> {
  const form = new FormData();
  form.append('image', file);
  const { data } = await api.post<{ url: string }>('/blog/image-upload', form);
  return data.url;
}
