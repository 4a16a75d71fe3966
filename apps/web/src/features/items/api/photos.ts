import { api } from '../../../lib/api';

/** POST /img/upload (multipart, field 'file'): answers the stored photo's URL. */
export async function uploadPhoto(photo: Blob, fileName: string): Promise<string> {
  const body = new FormData();
  body.append('file', photo, fileName);
  const { data } = await api.post<{ url: string }>('/img/upload', body);
  return data.url;
}

/** GET /img/imgur/album/{hash}/photos: the album's photo links, in album order. */
export async function getAlbumPhotos(hash: string): Promise<string[]> {
  const { data } = await api.get<Array<{ link: string }>>(`/img/imgur/album/${encodeURIComponent(hash)}/photos`);
  return data.map((photo) => photo.link);
}
