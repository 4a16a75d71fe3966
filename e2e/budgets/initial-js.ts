import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';

export interface InitialScript {
  url: string;
  bytes: number;
  gzipBytes: number;
}

/**
 * Every script the page loads on its own before the network settles (the entry, its module preloads and the lazy
 * route chunks the first screen needs), with the gzip size of each (level 9, as the build precompresses them).
 * Counting from the browser rather than from index.html means a chunk the feed always fetches after the entry
 * cannot hide from the budget.
 */
export async function initialScripts(page: Page, url: string): Promise<InitialScript[]> {
  const pending: Promise<InitialScript>[] = [];
  const onResponse = (response: import('playwright-core').Response) => {
    if (response.request().resourceType() !== 'script') return;
    pending.push(
      response.body().then((body) => ({ url: new URL(response.url()).pathname, bytes: body.length, gzipBytes: gzipSync(body, { level: 9 }).length })),
    );
  };
  page.on('response', onResponse);
  try {
    await page.goto(url, { waitUntil: 'networkidle' });
    return await Promise.all(pending);
  } finally {
    page.off('response', onResponse);
  }
}
