import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp, type TestContext } from '../../test/app';
import { createUser } from '../../test/factories';
import { KNOWN_ALBUM, startFakeImgur, type FakeImgur } from '../../test/fakes/imgur';

let fake: FakeImgur;
beforeAll(async () => {
  fake = await startFakeImgur();
});
afterAll(() => fake.close());

const albumUrl = (hash: string) => `/api/img/imgur/album/${hash}/photos`;

async function signedIn(t: TestContext) {
  const user = await createUser(t.db.db);
  return t.clientAs(user.id);
}

describe('GET /api/img/imgur/album/:hash/photos with Imgur configured', () => {
  const t = useTestApp(() => fake.env);

  it("answers only the album's https i.imgur.com JPEG and PNG links", async () => {
    const client = await signedIn(t);
    const res = await client.get(albumUrl(KNOWN_ALBUM));
    expect(res.status).toBe(200);
    expect(res.body).toEqual([{ link: 'https://i.imgur.com/Ab12Cd3.jpg' }, { link: 'https://i.imgur.com/Ef45Gh6.png' }]);
  });

  it('answers 404 not_found for an album Imgur does not know', async () => {
    const client = await signedIn(t);
    const res = await client.get(albumUrl('NoSuch1'));
    expect([res.status, res.body]).toEqual([404, { message: 'not_found' }]);
  });

  it('answers 404 not_found for what cannot be an album hash, without asking Imgur', async () => {
    const client = await signedIn(t);
    const asked = fake.requests.length;
    for (const hash of ['abcd', 'abcdefghijk', 'ab-cd1', 'ab_cd1', '%2E%2E%2Fx1']) {
      const res = await client.get(albumUrl(hash));
      expect([hash, res.status, res.body]).toEqual([hash, 404, { message: 'not_found' }]);
    }
    expect(fake.requests.length).toBe(asked);
  });

  it('answers 502 imgur_failed while Imgur is down', async () => {
    const client = await signedIn(t);
    fake.down = true;
    try {
      const res = await client.get(albumUrl(KNOWN_ALBUM));
      expect([res.status, res.body]).toEqual([502, { message: 'imgur_failed' }]);
    } finally {
      fake.down = false;
    }
  });

  it('answers 401 must login when logged out', async () => {
    const res = await (await t.client()).get(albumUrl(KNOWN_ALBUM));
    expect([res.status, res.body]).toEqual([401, { message: 'must login' }]);
  });

  it('limits one account to 30 album look-ups a minute', async () => {
    const client = await signedIn(t);
    for (let i = 0; i < 30; i++) expect((await client.get(albumUrl('NoSuch1'))).status).toBe(404);
    const res = await client.get(albumUrl(KNOWN_ALBUM));
    expect([res.status, res.body]).toEqual([429, { code: 'TooManyRequests', message: 'TooManyRequests' }]);
    expect((await (await signedIn(t)).get(albumUrl(KNOWN_ALBUM))).status).toBe(200);
  });
});

describe('GET /api/img/imgur/album/:hash/photos without Imgur configured', () => {
  const t = useTestApp();

  it('answers 404 not_found for every album (the local stand-in knows none)', async () => {
    const client = await signedIn(t);
    const asked = fake.requests.length;
    const res = await client.get(albumUrl(KNOWN_ALBUM));
    expect([res.status, res.body]).toEqual([404, { message: 'not_found' }]);
    expect(fake.requests.length).toBe(asked);
  });
});
