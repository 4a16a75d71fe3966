import type { QueryClient } from '@tanstack/react-query';
import { redirect, type LoaderFunctionArgs } from 'react-router-dom';
import { adminStatusQueryOptions, sessionQueryOptions } from '../lib/session';
import { loginPath } from '../lib/return-url';

const currentPath = (request: Request) => {
  const url = new URL(request.url);
  return `${url.pathname}${url.search}`;
};

/** Guarded routes: a visitor goes to /login?returnUrl=<where they were>. */
export const requireLoggedIn =
  (queryClient: QueryClient) =>
  async ({ request }: LoaderFunctionArgs) => {
    const session = await queryClient.query(sessionQueryOptions());
    if (!session.isLoggedIn) throw redirect(loginPath(currentPath(request)));
    return null;
  };

/** Blog editing and approvals: anyone the server does not call admin (GET /me/admin p) goes to /login. */
export const requireAdmin =
  (queryClient: QueryClient) =>
  async ({ request }: LoaderFunctionArgs) => {
    const session = await queryClient.query(sessionQueryOptions());
    if (!session.isLoggedIn) throw redirect(loginPath(currentPath(request)));
    const admin = await queryClient.query(adminStatusQueryOptions());
    if (!admin.p) throw redirect(loginPath(currentPath(request)));
    return null;
  };

/** /login: someone already logged in goes home. */
export const redirectIfLoggedIn = (queryClient: QueryClient) => async () => {
  // If the session cannot be read (rate limit, network), showing the login form is the useful answer.
  const session = await queryClient.query(sessionQueryOptions()).catch(() => null);
  if (session?.isLoggedIn) throw redirect('/');
  return null;
};
