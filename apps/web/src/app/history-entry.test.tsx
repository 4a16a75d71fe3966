import { render, screen } from '@testing-library/react';
import { createBrowserRouter, Outlet, RouterProvider, ScrollRestoration } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { claimHistoryEntry } from './history-entry';

// Issue 36 (walkthrough item 8): an item page opened by its address in a tab that had scrolled the feed opened
// scrolled down: a document's first history entry has no key of its own ('default'), so the feed's saved position
// was restored on it. Scroll positions come back on back/forward (and reload) only.
const POSITIONS = 'react-router-scroll-positions';

function openDocument(path: string, state: unknown) {
  window.history.replaceState(state, '', path);
  claimHistoryEntry();
  const scrolls = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  const Layout = () => (
    <>
      <Outlet />
      <ScrollRestoration />
    </>
  );
  const router = createBrowserRouter([{ element: <Layout />, children: [{ path: '/', element: <p>Feed</p> }, { path: '/detail/:id', element: <p>Item</p> }] }]);
  render(<RouterProvider router={router} />);
  return { scrolls, router };
}

afterEach(() => {
  vi.restoreAllMocks();
  sessionStorage.clear();
});

describe('a page opened by its address', () => {
  it('starts at the top, though the tab saved a position for its previous document', async () => {
    // What the feed's document saved when it was left: its first entry had the key 'default'.
    sessionStorage.setItem(POSITIONS, JSON.stringify({ default: 1800 }));
    const { scrolls } = openDocument('/detail/abc', null);
    await screen.findByText('Item');
    expect(scrolls).not.toHaveBeenCalledWith(0, 1800);
    expect(scrolls).toHaveBeenCalledWith(0, 0);
    expect((window.history.state as { key?: string }).key).toMatch(/^[a-z0-9]{8}$/);
  });

  it('comes back where it was on back/forward or reload: its entry keeps its key', async () => {
    sessionStorage.setItem(POSITIONS, JSON.stringify({ k3y0ld01: 900 }));
    const { scrolls } = openDocument('/', { key: 'k3y0ld01', idx: 0, usr: null });
    await screen.findByText('Feed');
    expect(scrolls).toHaveBeenCalledWith(0, 900);
    expect((window.history.state as { key?: string }).key).toBe('k3y0ld01');
  });
});
