import type { Browser } from 'playwright-core';
import { expect } from 'vitest';
import { PHONE } from '../browser';
import { signedIn } from '../session';

/** A page under the budgets: where it is, what shows it is ready, and the session cookie it needs (the sell page). */
export interface BudgetPage {
  name: 'feed' | 'item' | 'sell' | 'profile' | 'blog post' | 'help';
  path: string;
  ready: string;
  cookie: string;
}

const SELLER = 'demo_cherry';

/**
 * The feed, an item page, the sell page (signed in as a demo seller), that seller's profile (issue 37), a blog post
 * and a help topic (issue 15) on the server at `baseUrl`: the first listing and the newest published post of its
 * demo content. Call inside a
 * hook or a test (the seller signs in through the real form once).
 */
export function budgetPages(baseUrl: string, browser: () => Browser): () => Promise<BudgetPage[]> {
  let found: Promise<BudgetPage[]> | undefined;
  const find = async (): Promise<BudgetPage[]> => {
    const items = (await (await fetch(`${baseUrl}/api/items`)).json()) as { _id: string }[];
    expect(items.length).toBeGreaterThan(0);
    const { blogs } = (await (await fetch(`${baseUrl}/api/blogs`)).json()) as { blogs: { _id: string }[] };
    expect(blogs.length).toBeGreaterThan(0);
    const { context } = await signedIn(browser(), baseUrl, SELLER, PHONE);
    const sellerCookie = (await context.cookies(baseUrl)).map((c) => `${c.name}=${c.value}`).join('; ');
    await context.close();
    return [
      { name: 'feed', path: '/', ready: 'main a[href^="/detail/"] img', cookie: '' },
      { name: 'item', path: `/detail/${items[0]!._id}`, ready: 'main h1, main h2', cookie: '' },
      { name: 'sell', path: '/sell', ready: 'main form', cookie: sellerCookie },
      { name: 'profile', path: `/u/${SELLER}`, ready: 'main h1', cookie: '' },
      { name: 'blog post', path: `/allthemech/${blogs[0]!._id}`, ready: 'main h1', cookie: '' },
      { name: 'help', path: '/help/offers', ready: 'main h1', cookie: '' },
    ];
  };
  return () => (found ??= find());
}
