import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { redditLinks } from '../../../db/schema/index';
import { useTestApp, type TestClient } from '../../../test/app';
import { createUser } from '../../../test/factories';
import { startFakeReddit, type RedditAccount } from '../../../test/fakes/reddit';
import { transferredTradeCount } from './service';

const reddit = await startFakeReddit();
afterAll(() => reddit.close());

const APP_URL = 'http://keeb.test';
const t = useTestApp({ ...reddit.env, PUBLIC_URL: APP_URL });

const collector: RedditAccount = { name: 'switch_collector', created_utc: 1_400_000_000 };
const JOINED = new Date(1_400_000_000 * 1000).toISOString();
const UNLINKED = { isLinked: false, transactions: { count: 0, isTransferred: false } };

async function startLink(client: TestClient): Promise<string> {
  const res = await client.get('/api/auth/reddit?type=link');
  expect(res.status).toBe(200);
  return new URL(res.body.redirectUrl).searchParams.get('state')!;
}

async function link(client: TestClient, account: RedditAccount = collector) {
  const state = await startLink(client);
  return client.post('/api/auth/reddit/verify', { code: reddit.issueCode(account, `${APP_URL}/settings`), type: 'link', state });
}

async function signedIn() {
  const user = await createUser(t.db.db);
  return { user, client: await t.clientAs(user.id) };
}

describe('GET /api/auth/reddit', () => {
  it('answers the consent URL: identity scope only, a temporary token, back to /settings with a state', async () => {
    const { client } = await signedIn();
    const url = new URL((await client.get('/api/auth/reddit?type=link')).body.redirectUrl);
    expect(`${url.origin}${url.pathname}`).toBe(reddit.env.REDDIT_AUTH_URL);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: reddit.env.REDDIT_CLIENT_ID,
      response_type: 'code',
      redirect_uri: `${APP_URL}/settings`,
      duration: 'temporary',
      scope: 'identity',
    });
    expect(url.searchParams.get('state')).toMatch(/^[A-Za-z0-9_-]{32,}$/);
  });

  it('refuses another type', async () => {
    const { client } = await signedIn();
    expect((await client.get('/api/auth/reddit?type=signin')).status).toBe(400);
  });
});

describe('POST /api/auth/reddit/verify', () => {
  it('links the Reddit account, keeping and showing only its username and join date', async () => {
    const { user, client } = await signedIn();
    const res = await link(client);
    expect(res.status).toBe(200);
    const linked = { isLinked: true, username: 'switch_collector', timeJoined: JOINED, transactions: { count: 0, isTransferred: false } };
    expect(res.body).toEqual(linked);
    expect((await client.get('/api/reddit/auth/credentials')).body).toEqual(linked);
    expect((await client.get('/api/me/settings')).body.reddit).toEqual(linked);

    const rows = await t.db.db.select().from(redditLinks);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ userId: user.id, redditUsername: 'switch_collector', redditJoinedAt: new Date(JOINED), transferredCount: null });
    // Nothing else Reddit told us (tokens, karma, inbox, verified email) is kept or answered.
    const everything = JSON.stringify([res.body, rows]);
    for (const secret of ['access_token', 'total_karma', 'inbox_count', 'has_verified_email', 'oauth_client_id', 'abc123']) expect(everything).not.toContain(secret);
  });

  it('exchanged the code with HTTP Basic client auth and our redirect_uri', async () => {
    const { client } = await signedIn();
    await link(client);
    const exchange = reddit.requests.filter((r) => r.path === '/api/v1/access_token' && r.form.get('grant_type') === 'authorization_code').at(-1)!;
    expect(exchange.headers.authorization).toMatch(/^Basic /);
    expect(exchange.form.get('redirect_uri')).toBe(`${APP_URL}/settings`);
    expect(exchange.form.get('client_secret')).toBeNull();
  });

  it('refuses a state this session did not start, before asking Reddit', async () => {
    const { client } = await signedIn();
    const { client: attacker } = await signedIn();
    const attackerState = await startLink(attacker);
    await startLink(client);
    const before = reddit.requests.length;
    const res = await client.post('/api/auth/reddit/verify', { code: reddit.issueCode(collector, `${APP_URL}/settings`), type: 'link', state: attackerState });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: 'reddit_failed' });
    expect(reddit.requests.length).toBe(before);
    expect(await t.db.db.select().from(redditLinks)).toEqual([]);
  });

  it('answers reddit_failed when Reddit refuses the code', async () => {
    const { client } = await signedIn();
    const state = await startLink(client);
    const res = await client.post('/api/auth/reddit/verify', { code: 'never-issued', type: 'link', state });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: 'reddit_failed' });
  });

  it('links one Reddit account to one user only, whatever the case of its name', async () => {
    const first = await signedIn();
    const second = await signedIn();
    expect((await link(first.client)).status).toBe(200);
    const res = await link(second.client, { ...collector, name: 'Switch_Collector' });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ message: 'reddit_linked' });
    expect((await second.client.get('/api/reddit/auth/credentials')).body).toEqual(UNLINKED);
    expect((await first.client.get('/api/reddit/auth/credentials')).body.username).toBe('switch_collector');
  });

  it('lets another user link the account once the first has revoked it', async () => {
    const first = await signedIn();
    const second = await signedIn();
    await link(first.client);
    await first.client.post('/api/reddit/revoke');
    expect((await link(second.client)).status).toBe(200);
  });

  it('keeps the transferred count when the same account is linked again, and drops it for a different one', async () => {
    reddit.posts.push({ author: 'switch_collector', author_flair_text: 'Trades: 7', created_utc: 1_700_000_000 });
    const { user, client } = await signedIn();
    await link(client);
    await client.get('/api/reddit/transactions');
    expect((await link(client)).body.transactions).toEqual({ count: 7, isTransferred: true });
    expect((await link(client, { name: 'other_trader', created_utc: 1_500_000_000 })).body).toMatchObject({
      username: 'other_trader',
      transactions: { count: 0, isTransferred: false },
    });
    expect(await t.db.db.select().from(redditLinks).where(eq(redditLinks.userId, user.id))).toHaveLength(1);
    reddit.posts.length = 0;
  });
});

describe('GET /api/reddit/transactions', () => {
  it('reads the trade count from the newest flair once, then answers the stored count', async () => {
    reddit.posts.push(
      { author: 'switch_collector', author_flair_text: 'Trades: 10', created_utc: 1_600_000_000 },
      { author: 'switch_collector', author_flair_text: 'Trades: 42', created_utc: 1_650_000_000 },
      { author: 'switch_collector', author_flair_text: null, created_utc: 1_700_000_000 },
      { author: 'someone_else', author_flair_text: 'Trades: 999', created_utc: 1_750_000_000 },
    );
    const { user, client } = await signedIn();
    await link(client);
    const searchesBefore = reddit.searches().length;

    const first = await client.get('/api/reddit/transactions');
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ transactions: { count: 42, isTransferred: true } });
    expect((await client.get('/api/reddit/transactions')).body).toEqual({ transactions: { count: 42, isTransferred: true } });

    const searches = reddit.searches().slice(searchesBefore);
    expect(searches).toEqual([{ q: 'author:switch_collector', restrict_sr: 'on', sort: 'new', limit: '25' }]);
    expect((await client.get('/api/reddit/auth/credentials')).body.transactions).toEqual({ count: 42, isTransferred: true });
    expect(await transferredTradeCount(t.db.db, user.id)).toBe(42);
    reddit.posts.length = 0;
  });

  it('answers 0 (transferred) when no post carries a trades flair', async () => {
    const { client } = await signedIn();
    await link(client, { name: 'new_trader', created_utc: 1_690_000_000 });
    expect((await client.get('/api/reddit/transactions')).body).toEqual({ transactions: { count: 0, isTransferred: true } });
  });

  it('used an app-only token from the client_credentials grant for the search', async () => {
    const { client } = await signedIn();
    await link(client, { name: 'app_token_check', created_utc: 1_690_000_000 });
    await client.get('/api/reddit/transactions');
    const grants = reddit.requests.filter((r) => r.path === '/api/v1/access_token').map((r) => r.form.get('grant_type'));
    expect(grants).toContain('client_credentials');
  });

  it('answers 502 reddit_failed while Reddit is down, stores nothing, and reads again later', async () => {
    reddit.posts.push({ author: 'flaky_trader', author_flair_text: 'Trades: 3', created_utc: 1_700_000_000 });
    const { client } = await signedIn();
    await link(client, { name: 'flaky_trader', created_utc: 1_690_000_000 });
    reddit.searchDown = true;
    try {
      const res = await client.get('/api/reddit/transactions');
      expect(res.status).toBe(502);
      expect(res.body).toEqual({ message: 'reddit_failed' });
      expect((await client.get('/api/reddit/auth/credentials')).body.transactions).toEqual({ count: 0, isTransferred: false });
    } finally {
      reddit.searchDown = false;
    }
    expect((await client.get('/api/reddit/transactions')).body).toEqual({ transactions: { count: 3, isTransferred: true } });
    reddit.posts.length = 0;
  });

  it('answers reddit_not_linked without a linked account', async () => {
    const { client } = await signedIn();
    const res = await client.get('/api/reddit/transactions');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: 'reddit_not_linked' });
  });
});

describe('POST /api/reddit/revoke', () => {
  it('unlinks: the row is deleted and the unlinked object answered', async () => {
    const { user, client } = await signedIn();
    await link(client);
    const res = await client.post('/api/reddit/revoke');
    expect(res.status).toBe(200);
    expect(res.body).toEqual(UNLINKED);
    expect(await t.db.db.select().from(redditLinks)).toEqual([]);
    expect((await client.get('/api/reddit/auth/credentials')).body).toEqual(UNLINKED);
    expect(await transferredTradeCount(t.db.db, user.id)).toBe(0);
  });

  it("only ever touches the signed-in user's own link", async () => {
    const owner = await signedIn();
    const other = await signedIn();
    await link(owner.client);
    expect((await other.client.post('/api/reddit/revoke')).body).toEqual(UNLINKED);
    expect((await other.client.get('/api/reddit/auth/credentials')).body).toEqual(UNLINKED);
    expect((await owner.client.get('/api/reddit/auth/credentials')).body.isLinked).toBe(true);
  });
});

describe('logged out', () => {
  it.each([
    ['get', '/api/auth/reddit?type=link'],
    ['post', '/api/auth/reddit/verify'],
    ['get', '/api/reddit/auth/credentials'],
    ['get', '/api/reddit/transactions'],
    ['post', '/api/reddit/revoke'],
  ] as const)('%s %s answers 401 must login', async (method, url) => {
    const client = await t.client();
    const res = method === 'get' ? await client.get(url) : await client.post(url, { code: 'c', type: 'link', state: 's' });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: 'must login' });
  });
});
