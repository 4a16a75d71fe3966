import type { Config } from '../../config';
import { basicAuth, fetchJson, ProviderError } from '../provider-http';

export interface RedditIdentity {
  username: string;
  joinedAt: Date;
}

/**
 * The forum link: Reddit's authorization-code flow (scope 'identity' only, a one-hour token we never store), then
 * the trade count from the trading subreddit's user flair, read with an app-only token. As with Facebook, the SPA
 * receives the code and posts it back, so a plain adapter fits better than a passport strategy.
 */
export interface RedditClient {
  authorizationUrl(redirectUri: string, state: string): string;
  /** Exchanges the code and reads who signed in; ProviderError when Reddit refuses. */
  identify(code: string, redirectUri: string): Promise<RedditIdentity>;
  /** Confirmed trades shown in the user's flair on the trading subreddit ('Trades: 42'), 0 when none. */
  tradeCount(username: string): Promise<number>;
}

/** Reddit's own rule for usernames; anything else from the API is refused rather than put into a search query. */
const REDDIT_USERNAME = /^[A-Za-z0-9_-]{3,20}$/;
const TRADES_FLAIR = /trades:\s*(\d+)/i;
// Reddit throttles clients without a descriptive User-Agent.
const USER_AGENT = 'web:keebmarket:1.0 (forum link)';

interface Listing {
  data?: { children?: Array<{ data?: { author?: unknown; author_flair_text?: unknown; created_utc?: unknown } }> };
}

/** Undefined when Reddit is not configured (the forum-link routes then answer 404). */
export function createRedditClient(config: Pick<Config, 'reddit'>): RedditClient | undefined {
  const reddit = config.reddit;
  if (!reddit) return undefined;
  const clientAuth = basicAuth(reddit.clientId, reddit.clientSecret);
  let appToken: { value: string; expiresAt: number } | undefined;

  const token = async (grant: Record<string, string>): Promise<{ value: string; expiresIn: number }> => {
    // Reddit answers 200 with { error } for a bad or reused code, so the token itself is what we check.
    const body = await fetchJson<{ access_token?: unknown; expires_in?: unknown; error?: unknown }>('reddit', reddit.tokenUrl, {
      method: 'POST',
      headers: { Authorization: clientAuth, 'Content-Type': 'application/x-www-form-urlencoded', 'User-Agent': USER_AGENT },
      body: new URLSearchParams(grant),
    });
    if (body.error !== undefined) throw new ProviderError('reddit', `token refused (${String(body.error)})`, 400);
    if (typeof body.access_token !== 'string') throw new ProviderError('reddit', 'no access token');
    return { value: body.access_token, expiresIn: typeof body.expires_in === 'number' ? body.expires_in : 3600 };
  };

  const api = <T>(path: string, accessToken: string) =>
    fetchJson<T>('reddit', `${reddit.apiUrl.replace(/\/$/, '')}${path}`, {
      headers: { Authorization: `Bearer ${accessToken}`, 'User-Agent': USER_AGENT, Accept: 'application/json' },
    });

  /** App-only tokens are reusable until they expire; a minute's margin covers clock skew and slow calls. */
  async function applicationToken(): Promise<string> {
    if (appToken && appToken.expiresAt > Date.now()) return appToken.value;
    const fresh = await token({ grant_type: 'client_credentials' });
    appToken = { value: fresh.value, expiresAt: Date.now() + Math.max(0, fresh.expiresIn - 60) * 1000 };
    return fresh.value;
  }

  return {
    authorizationUrl(redirectUri, state) {
      const url = new URL(reddit.authUrl);
      url.search = new URLSearchParams({
        client_id: reddit.clientId,
        response_type: 'code',
        state,
        redirect_uri: redirectUri,
        duration: 'temporary',
        scope: 'identity',
      }).toString();
      return url.toString();
    },

    async identify(code, redirectUri) {
      const user = await token({ grant_type: 'authorization_code', code, redirect_uri: redirectUri });
      const me = await api<{ name?: unknown; created_utc?: unknown }>('/api/v1/me', user.value);
      if (typeof me.name !== 'string' || !REDDIT_USERNAME.test(me.name)) throw new ProviderError('reddit', 'profile without a valid name');
      if (typeof me.created_utc !== 'number' || !Number.isFinite(me.created_utc)) throw new ProviderError('reddit', 'profile without a join date');
      return { username: me.name, joinedAt: new Date(me.created_utc * 1000) };
    },

    async tradeCount(username) {
      if (!REDDIT_USERNAME.test(username)) throw new ProviderError('reddit', 'invalid username');
      const query = new URLSearchParams({ q: `author:${username}`, restrict_sr: 'on', sort: 'new', limit: '25' });
      const listing = await api<Listing>(`/r/${encodeURIComponent(reddit.tradeSubreddit)}/search?${query}`, await applicationToken());
      // The flair is the subreddit's running count, so the newest post carrying one is the current figure. Only the
      // user's own posts count, newest first whatever order the search answered in.
      const posts = (listing.data?.children ?? [])
        .map((child) => child.data ?? {})
        .filter((post) => typeof post.author === 'string' && post.author.toLowerCase() === username.toLowerCase())
        .sort((a, b) => (typeof b.created_utc === 'number' ? b.created_utc : 0) - (typeof a.created_utc === 'number' ? a.created_utc : 0));
      for (const post of posts) {
        const match = typeof post.author_flair_text === 'string' ? TRADES_FLAIR.exec(post.author_flair_text) : null;
        if (match) return Number(match[1]);
      }
      return 0;
    },
  };
}
