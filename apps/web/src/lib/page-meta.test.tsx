import { act, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../app/providers';
import type { RouteHandle } from '../app/route-handle';
import { AppShell } from '../app/shell/app-shell';
import { installFakeApi } from '../test/fake-api';
import { createTestQueryClient, seedCategories, seedSession } from '../test/render-app';
import { useMobileAccessory, usePageTitle } from './page-meta';

function SettingsLikePage() {
  const [saves, setSaves] = useState(0);
  usePageTitle('GMK Olivia++');
  useMobileAccessory({ label: 'Save', onClick: () => setSaves((count) => count + 1) });
  return <h1>Saved {saves} times</h1>;
}

function renderPage() {
  installFakeApi();
  const queryClient = createTestQueryClient();
  seedSession(queryClient);
  seedCategories(queryClient);
  const handle: RouteHandle = { title: 'Item Details', back: true };
  const router = createMemoryRouter(
    [{ Component: AppShell, children: [{ path: '/page', handle, element: <SettingsLikePage /> }, { path: '/other', handle: { title: 'Other' }, element: <h1>Other</h1> }] }],
    { initialEntries: ['/page'] },
  );
  render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

describe('page meta', () => {
  it("lets a page replace its route's title and add a text button to the mobile title bar", async () => {
    const router = renderPage();
    await screen.findByRole('heading', { level: 1, name: 'Saved 0 times' });
    expect(document.title).toBe('GMK Olivia++');

    const header = screen.getByRole('banner');
    expect(within(header).getByText('GMK Olivia++', { selector: 'p' })).toBeInTheDocument();
    await act(async () => within(header).getByRole('button', { name: 'Save' }).click());
    expect(screen.getByRole('heading', { level: 1, name: 'Saved 1 times' })).toBeInTheDocument();

    await act(async () => {
      await router.navigate('/other');
    });
    expect(document.title).toBe('Other');
    expect(within(header).queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
  });
});
