import type { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { CATEGORIES, type NotificationCounts, type ProfileStats } from '@keeb/shared';
import { AppProviders, createQueryClient } from '../app/providers';
import { buildRoutes } from '../app/router';
import { sessionKeys } from '../lib/session';
import { categoriesQueryOptions } from '../lib/reference/get-categories';

export function createTestQueryClient(): QueryClient {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({
    ...queryClient.getDefaultOptions(),
    queries: { ...queryClient.getDefaultOptions().queries, retry: false },
  });
  return queryClient;
}

export interface SeedUser {
  username?: string;
  admin?: boolean;
  karma?: number;
  avatar?: string | null;
  /** The counters to seed; those left out are zero. */
  counts?: Partial<NotificationCounts>;
}

/** Puts a session in the cache as the API would have answered it: logged out, or logged in as `user`. */
export function seedSession(queryClient: QueryClient, user?: SeedUser): void {
  if (!user) {
    queryClient.setQueryData(sessionKeys.status, { isLoggedIn: false });
    return;
  }
  const username = user.username ?? 'switchfan';
  queryClient.setQueryData(sessionKeys.status, { isLoggedIn: true, username, userId: 'u1' });
  queryClient.setQueryData(sessionKeys.admin, { p: user.admin ?? false });
  queryClient.setQueryData<ProfileStats>(sessionKeys.profileStats, {
    _id: { admin: user.admin ?? false },
    username,
    avatar: user.avatar ?? null,
    membershipType: 'member',
    karma: user.karma ?? 0,
  });
  queryClient.setQueryData<NotificationCounts>(sessionKeys.notificationCounts, {
    numNewOffers: 0,
    numNewMessages: 0,
    numNewWantMatches: 0,
    numOrdersToAct: 0,
    numNewTrades: 0,
    ...user.counts,
  });
}

export function seedCategories(queryClient: QueryClient, saleTypes: ReadonlyArray<{ _id: string; name: string }> = []): void {
  queryClient.setQueryData(categoriesQueryOptions().queryKey, {
    categories: CATEGORIES.map((category) => ({ ...category })),
    saleTypes: saleTypes.map((saleType) => ({ ...saleType })),
  });
}

function renderWithRouter(queryClient: QueryClient, routes: RouteObject[], path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const user = userEvent.setup();
  const view = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, queryClient, user };
}

/** The whole app (shell, route table, guards) at `path`, in a memory router. */
export function renderApp(path: string, queryClient: QueryClient = createTestQueryClient()) {
  return renderWithRouter(queryClient, buildRoutes(queryClient), path);
}

/** One element inside a router (and the query client) at `path`; `routePaths` give it route params. */
export function renderInRouter(
  element: ReactElement,
  {
    path = '/',
    routePaths = [],
    queryClient = createTestQueryClient(),
  }: { path?: string; routePaths?: string[]; queryClient?: QueryClient } = {},
) {
  const routes = [...routePaths, '*'].map((routePath) => ({ path: routePath, element }));
  return renderWithRouter(queryClient, routes, path);
}

export const currentUrl = (router: { state: { location: { pathname: string; search: string } } }) =>
  `${router.state.location.pathname}${router.state.location.search}`;
