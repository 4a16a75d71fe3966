import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { IMGUR_CLIENT_ID, KNOWN_ALBUM, startFakeImgur, type FakeImgur } from '../../test/fakes/imgur';
import { startFakeServer } from '../../test/fakes/server';
import { createImgurClient } from './imgur';
import { ProviderError } from '../provider-http';

let fake: FakeImgur;
beforeAll(async () => {
  fake = await startFakeImgur();
});
afterAll(() => fake.close());

const client = (clientId = IMGUR_CLIENT_ID, apiUrl = fake.url) => createImgurClient({ imgur: { clientId, apiUrl } });

describe('Imgur adapter against a local Imgur API', () => {
  it("reads an album's images with the app's Client-ID", async () => {
    const images = await client().albumImages(KNOWN_ALBUM);
    expect(images?.map((i) => i.type)).toEqual(['image/jpeg', 'image/png', 'image/gif', 'video/mp4']);
    expect(images?.[0]).toEqual({ type: 'image/jpeg', link: 'https://i.imgur.com/Ab12Cd3.jpg' });
    const last = fake.requests.at(-1)!;
    expect([last.method, last.path, last.headers.authorization]).toEqual(['GET', `/3/album/${KNOWN_ALBUM}/images`, `Client-ID ${IMGUR_CLIENT_ID}`]);
  });

  it('answers undefined for an album Imgur does not know', async () => {
    expect(await client().albumImages('NoSuch1')).toBeUndefined();
  });

  it('throws a ProviderError without a status when Imgur refuses our credentials, is down or unreachable', async () => {
    const failureOf = (call: Promise<unknown>) => call.then(() => undefined, (error: unknown) => error);
    const closed = await startFakeServer(() => undefined);
    await closed.close();
    const failures = [
      await failureOf(client('wrong-client').albumImages(KNOWN_ALBUM)),
      await failureOf(client(IMGUR_CLIENT_ID, closed.url).albumImages(KNOWN_ALBUM)),
    ];
    fake.down = true;
    try {
      failures.push(await failureOf(client().albumImages(KNOWN_ALBUM)));
    } finally {
      fake.down = false;
    }
    for (const error of failures) {
      expect(error).toBeInstanceOf(ProviderError);
      expect((error as ProviderError).status).toBeUndefined();
    }
  });

  it('throws a ProviderError for an answer that is not an image list', async () => {
    const odd = await startFakeServer((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/html' }).end('<html>maintenance</html>');
    });
    try {
      await expect(client(IMGUR_CLIENT_ID, odd.url).albumImages(KNOWN_ALBUM)).rejects.toBeInstanceOf(ProviderError);
    } finally {
      await odd.close();
    }
  });

  it('is configured by IMGUR_CLIENT_ID, with Imgur itself as the default API', () => {
    expect(loadConfig({}).imgur).toBeUndefined();
    expect(loadConfig({ IMGUR_CLIENT_ID: 'abc' }).imgur).toEqual({ clientId: 'abc', apiUrl: 'https://api.imgur.com' });
  });

  it('is a stand-in that knows no album when not configured', async () => {
    expect(await createImgurClient({ imgur: undefined }).albumImages(KNOWN_ALBUM)).toBeUndefined();
  });
});
