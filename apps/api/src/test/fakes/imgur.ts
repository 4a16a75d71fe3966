import { sendJson, startFakeServer, type FakeServer } from './server';

export const IMGUR_CLIENT_ID = 'fake-imgur-client';
/** The one album the fake knows: a mix of what real albums hold (photos, an animated GIF, a video). */
export const KNOWN_ALBUM = 'kEyB0rd';

const image = (id: string, type: string, extension: string, extra: Record<string, unknown> = {}) => ({
  id,
  title: null,
  description: null,
  datetime: 1_700_000_000,
  type,
  animated: type !== 'image/jpeg' && type !== 'image/png',
  width: 1200,
  height: 800,
  size: 123_456,
  views: 42,
  link: `https://i.imgur.com/${id}.${extension}`,
  ...extra,
});

export const KNOWN_ALBUM_IMAGES = [
  image('Ab12Cd3', 'image/jpeg', 'jpg'),
  image('Ef45Gh6', 'image/png', 'png'),
  image('Ij78Kl9', 'image/gif', 'gif'),
  image('Mn01Op2', 'video/mp4', 'mp4', { mp4: 'https://i.imgur.com/Mn01Op2.mp4', gifv: 'https://i.imgur.com/Mn01Op2.gifv' }),
];

export interface FakeImgur extends FakeServer {
  env: Record<string, string>;
  /** While true, every call answers 503 as during an outage. */
  down: boolean;
}

const imgurError = (request: string, status: number, error: string) => ({ data: { error, request, method: 'GET' }, success: false, status });

/** Imgur's API v3 album-images call with app-level `Client-ID` auth, answering in Imgur's `{ data, success, status }` envelope. */
export async function startFakeImgur(): Promise<FakeImgur> {
  const state = { down: false };
  const server = await startFakeServer((req, res) => {
    if (state.down) return sendJson(res, 503, imgurError(req.path, 503, 'Imgur is over capacity!'));
    const album = /^\/3\/album\/([^/]+)\/images$/.exec(req.path);
    if (req.method !== 'GET' || !album) return;
    if (req.headers.authorization !== `Client-ID ${IMGUR_CLIENT_ID}`) return sendJson(res, 403, imgurError(req.path, 403, 'Permission Denied'));
    if (album[1] !== KNOWN_ALBUM) return sendJson(res, 404, imgurError(req.path, 404, `Unable to find an album with the id, ${album[1]}`));
    return sendJson(res, 200, { data: KNOWN_ALBUM_IMAGES, success: true, status: 200 });
  });
  const fake: FakeImgur = Object.assign(state, {
    ...server,
    env: { IMGUR_CLIENT_ID, IMGUR_API_URL: server.url },
  });
  return fake;
}
