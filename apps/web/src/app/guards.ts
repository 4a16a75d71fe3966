import type { QueryClient } from '@tanstack/react-query';
import { matchPath, redirect, type LoaderFunctionArgs } from 'react-router-dom';
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

/** The pages behind requireAdmin in the route table. */
const ADMIN_PAGES = ['/approvals', '/admin/problems', '/new-blog-post', '/blog/:id/edit'];

/** Whether a returnUrl leads to an admin page. */
export const isAdminPage = (returnUrl: string) => {
  const pathname = new URL(returnUrl, 'http://x').pathname;
  return ADMIN_PAGES.some((pattern) => matchPath(pattern, pathname) !== null);
};

/**
 * /login: someone already logged in goes home, except a non-admin whom an admin page sent here (spec 6: "A guard
 * redirects non-admins to login"): they stay, to log in with an admin account and be taken back to the page.
 */
export const redirectIfLoggedIn =
  (queryClient: QueryClient) =>
  async ({ request }: LoaderFunctionArgs) => {
    // If the session cannot be read (rate limit, network), showing the login form is the useful answer.
    const session = await queryClient.query(sessionQueryOptions()).catch(() => null);
    if (!session?.isLoggedIn) return null;
    const returnUrl = new URL(request.url).searchParams.get('returnUrl');
    if (returnUrl && isAdminPage(returnUrl)) {
      const admin = await queryClient.query(adminStatusQueryOptions()).catch(() => null);
      if (!admin?.p) return null;
    }
    throw redirect('/');
  };
