import { randomBytes } from 'node:crypto';
import { basicCredentials, bearerToken, sendJson, startFakeServer, type FakeServer } from './server';

export const REDDIT_CLIENT_ID = 'fake-reddit-client';
export const REDDIT_CLIENT_SECRET = 'fake-reddit-secret';
export const TRADE_SUBREDDIT = 'mechmarket';

export interface RedditAccount {
  name: string;
  /** Seconds since the epoch, as Reddit answers. */
  created_utc: number;
}

export interface RedditPost {
  author: string;
  author_flair_text: string | null;
  created_utc: number;
}

export interface FakeReddit extends FakeServer {
  env: Record<string, string>;
  /** A code the token endpoint exchanges once for this account, when sent with `redirectUri`. */
  issueCode(account: RedditAccount, redirectUri: string): string;
  /** Posts in the trading subreddit that its search finds. */
  posts: RedditPost[];
  /** While true, subreddit search answers 503 as during an outage. */
  searchDown: boolean;
  /** The search requests received (what 'read once' is checked against). */
  searches(): Array<{ q: string | null; restrict_sr: string | null; sort: string | null; limit: string | null }>;
}

/**
 * Reddit's OAuth and API, as much as the forum link uses: the token endpoint (HTTP Basic client auth; the
 * authorization_code and client_credentials grants; a bad code answers 200 { error } as Reddit does), /api/v1/me
 * for a user token (with fields we must not keep) and subreddit search for an app token.
 */
export async function startFakeReddit(): Promise<FakeReddit> {
  const codes = new Map<string, { account: RedditAccount; redirectUri: string }>();
  const userTokens = new Map<string, RedditAccount>();
  const appTokens = new Set<string>();
  const posts: RedditPost[] = [];
  const state = { searchDown: false };
  const server = await startFakeServer((req, res) => {
    if (req.method === 'POST' && req.path === '/api/v1/access_token') {
      const [id, secret] = basicCredentials(req.headers) ?? [];
      if (id !== REDDIT_CLIENT_ID || secret !== REDDIT_CLIENT_SECRET) return sendJson(res, 401, { message: 'Unauthorized', error: 401 });
      const grant = req.form.get('grant_type');
      const token = `${randomBytes(12).toString('hex')}`;
      if (grant === 'authorization_code') {
        const issued = codes.get(req.form.get('code') ?? '');
        if (!issued || req.form.get('redirect_uri') !== issued.redirectUri) return sendJson(res, 200, { error: 'invalid_grant' });
        codes.delete(req.form.get('code')!);
        userTokens.set(token, issued.account);
        return sendJson(res, 200, { access_token: token, token_type: 'bearer', expires_in: 3600, scope: 'identity' });
      }
      if (grant === 'client_credentials') {
        appTokens.add(token);
        return sendJson(res, 200, { access_token: token, token_type: 'bearer', expires_in: 86400, scope: '*' });
      }
      return sendJson(res, 400, { error: 'unsupported_grant_type' });
    }
    if (req.method === 'GET' && req.path === '/api/v1/me') {
      const account = userTokens.get(bearerToken(req.headers) ?? '');
      if (!account) return sendJson(res, 401, { message: 'Unauthorized', error: 401 });
      return sendJson(res, 200, { ...account, id: 'abc123', has_verified_email: true, total_karma: 4242, inbox_count: 3, oauth_client_id: REDDIT_CLIENT_ID });
    }
    const search = /^\/r\/([^/]+)\/search$/.exec(req.path);
    if (req.method === 'GET' && search) {
      if (state.searchDown) return sendJson(res, 503, { message: 'Service Unavailable', error: 503 });
      if (!appTokens.has(bearerToken(req.headers) ?? '')) return sendJson(res, 401, { message: 'Unauthorized', error: 401 });
      const author = /^author:(.+)$/.exec(req.query.get('q') ?? '')?.[1]?.toLowerCase();
      const found = posts
        .filter((p) => search[1] === TRADE_SUBREDDIT && p.author.toLowerCase() === author)
        .sort((a, b) => b.created_utc - a.created_utc)
        .slice(0, Number(req.query.get('limit') ?? 25));
      return sendJson(res, 200, { kind: 'Listing', data: { after: null, children: found.map((data) => ({ kind: 't3', data })) } });
    }
  });
  const fake: FakeReddit = Object.assign(state, {
    ...server,
    posts,
    env: {
      REDDIT_CLIENT_ID,
      REDDIT_CLIENT_SECRET,
      REDDIT_AUTH_URL: `${server.url}/api/v1/authorize`,
      REDDIT_TOKEN_URL: `${server.url}/api/v1/access_token`,
      REDDIT_API_URL: server.url,
      REDDIT_TRADE_SUBREDDIT: TRADE_SUBREDDIT,
    },
    issueCode(account: RedditAccount, redirectUri: string) {
      const code = `reddit-code-${randomBytes(8).toString('hex')}`;
      codes.set(code, { account, redirectUri });
      return code;
    },
    searches() {
      return server.requests
        .filter((r) => r.path.endsWith('/search'))
        .map((r) => ({ q: r.query.get('q'), restrict_sr: r.query.get('restrict_sr'), sort: r.query.get('sort'), limit: r.query.get('limit') }));
    },
  });
  return fake;
}
