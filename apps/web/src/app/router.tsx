import type { QueryClient } from '@tanstack/react-query';
import { Navigate, redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router-dom';
import { AppShell } from './shell/app-shell';
import { AppCrash, AppLoading, RouteError } from './route-states';
import { redirectIfLoggedIn, requireAdmin, requireLoggedIn } from './guards';
import type { RouteHandle } from './route-handle';
import { PRODUCT_NAME } from '../lib/site';
import { itemQueryOptions } from '../features/items/api/get-item';

// Every page is its own lazily loaded module (route-level code splitting); the shell stays in the main chunk.
const feedPage = async () => (await import('./home-feed-page')).HomeFeedPage;
const vendorProductsPage = async () => (await import('./vendor-products-route')).VendorProductsRoute;
const helpPage = async () => (await import('../features/help/pages/help-page')).HelpPage;

const searchMode = (title: string): RouteHandle => ({ title, mobileNav: 'search' });

/**
 * Starts the item's call while the page's code loads, instead of after it: one round trip less before its photo.
 * Nothing is awaited, so a slow answer never holds the page back.
 */
const prefetchItem =
  (queryClient: QueryClient) =>
  ({ params }: LoaderFunctionArgs) => {
    if (params.id) void queryClient.prefetchQuery(itemQueryOptions(params.id));
    return null;
  };

/** The whole route table: spec part 1 section 2.1 and part 2's route table. */
export function buildRoutes(queryClient: QueryClient): RouteObject[] {
  return [
    {
      id: 'root',
      Component: AppShell,
      HydrateFallback: AppLoading,
      ErrorBoundary: AppCrash,
      children: [
        {
          ErrorBoundary: RouteError,
          children: [
            { index: true, handle: searchMode(PRODUCT_NAME), lazy: { Component: feedPage } },
            { path: 'items/:categoryId', handle: searchMode(PRODUCT_NAME), lazy: { Component: feedPage } },
            { path: 'items/search/:searchText', handle: searchMode('Search Results'), lazy: { Component: feedPage } },
            {
              path: 'items/:categoryId/search/:searchText',
              handle: searchMode('Search Results'),
              lazy: { Component: feedPage },
            },
            { path: 'vendor/products', handle: searchMode('Vendor Listings'), lazy: { Component: vendorProductsPage } },
            {
              path: 'vendor/products/search/:searchText',
              handle: searchMode('Search Results'),
              lazy: { Component: vendorProductsPage },
            },
            {
              path: 'vendor/product/:id',
              handle: { title: 'Product Details', back: true } satisfies RouteHandle,
              lazy: { Component: async () => (await import('./item-detail-route')).VendorProductRoute },
            },
            {
              path: 'detail/:id',
              handle: { title: 'Item Details', back: true } satisfies RouteHandle,
              loader: prefetchItem(queryClient),
              lazy: { Component: async () => (await import('./item-detail-route')).ItemDetailRoute },
            },
            {
              path: 'login',
              handle: { title: 'Login' } satisfies RouteHandle,
              loader: redirectIfLoggedIn(queryClient),
              lazy: { Component: async () => (await import('../features/accounts/pages/login-page')).LoginPage },
            },
            {
              path: 'signup',
              handle: { title: 'Sign Up' } satisfies RouteHandle,
              lazy: { Component: async () => (await import('../features/accounts/pages/signup-page')).SignupPage },
            },
            {
              path: 'forgot-password',
              handle: { title: 'Forgot Password', back: true } satisfies RouteHandle,
              lazy: {
                Component: async () =>
                  (await import('../features/accounts/pages/forgot-password-page')).ForgotPasswordPage,
              },
            },
            {
              path: 'reset-password/:token',
              handle: { title: 'Reset Password' } satisfies RouteHandle,
              lazy: {
                Component: async () => (await import('../features/accounts/pages/reset-password-page')).ResetPasswordPage,
              },
            },
            {
              path: 'confirm-email/:token',
              handle: { title: 'Confirm Email' } satisfies RouteHandle,
              lazy: {
                Component: async () => (await import('../features/accounts/pages/confirm-email-page')).ConfirmEmailPage,
              },
            },
            {
              path: 'u/:id',
              handle: { title: 'Seller Profile', back: true } satisfies RouteHandle,
              lazy: {
                Component: async () => (await import('../features/discovery/pages/seller-profile-page')).SellerProfilePage,
              },
            },
            {
              path: 'u/:id/rating',
              handle: { title: 'Seller Feedback', back: true } satisfies RouteHandle,
              lazy: {
                Component: async () => (await import('../features/ratings/pages/seller-feedback-page')).SellerFeedbackPage,
              },
            },
            {
              path: 'about',
              handle: { title: 'About' } satisfies RouteHandle,
              lazy: { Component: async () => (await import('../features/help/pages/about-page')).AboutPage },
            },
            {
              path: 'legal',
              handle: { title: 'Legal' } satisfies RouteHandle,
              lazy: { Component: async () => (await import('../features/help/pages/legal-page')).LegalPage },
            },
            { path: 'help', handle: { title: 'Help' } satisfies RouteHandle, lazy: { Component: helpPage } },
            { path: 'help/:id', handle: { title: 'Help', back: true } satisfies RouteHandle, lazy: { Component: helpPage } },
            {
              path: 'theblog',
              handle: { title: 'The Blog' } satisfies RouteHandle,
              lazy: { Component: async () => (await import('../features/blog/pages/blog-list-page')).BlogListPage },
            },
            {
              path: 'allthemech/:id',
              handle: { title: 'Blog Post', back: true } satisfies RouteHandle,
              lazy: { Component: async () => (await import('../features/blog/pages/blog-post-page')).BlogPostPage },
            },
            {
              path: '404',
              handle: { title: 'Page Not Found' } satisfies RouteHandle,
              lazy: { Component: async () => (await import('./not-found-page')).NotFoundPage },
            },
            {
              loader: requireLoggedIn(queryClient),
              children: [
                {
                  path: 'sell',
                  handle: { title: 'Create Listing' } satisfies RouteHandle,
                  lazy: { Component: async () => (await import('./listing-routes')).SellRoute },
                },
                {
                  path: 'edit-item/:id',
                  handle: { title: 'Edit Your Listing', back: true } satisfies RouteHandle,
                  lazy: { Component: async () => (await import('./listing-routes')).EditItemRoute },
                },
                {
                  path: 'duplicate-item/:id',
                  handle: { title: 'Add A Similar Listing', back: true } satisfies RouteHandle,
                  lazy: { Component: async () => (await import('./listing-routes')).DuplicateItemRoute },
                },
                {
                  path: 'me',
                  handle: {
                    title: 'My Items',
                    navTitle: 'Me',
                    accessory: { to: '/settings', label: 'Settings', icon: 'settings' },
                  } satisfies RouteHandle,
                  lazy: { Component: async () => (await import('../features/discovery/pages/my-items-page')).MyItemsPage },
                },
                {
                  path: 'me/offers',
                  handle: {
                    title: 'My Offers',
                    navTitle: 'Offers',
                    accessory: { to: '/me/vault', label: 'Vault', icon: 'vault', badge: 'wants' },
                  } satisfies RouteHandle,
                  lazy: { Component: async () => (await import('./offers-with-trades-page')).OffersWithTradesPage },
                },
                {
                  path: 'me/vault',
                  handle: {
                    title: 'Vault',
                    accessory: { to: '/me/offers', label: 'Offers', icon: 'offers', badge: 'offers' },
                  } satisfies RouteHandle,
                  lazy: { Component: async () => (await import('./vault-with-wants-page')).VaultWithWantsPage },
                },
                {
                  path: 'me/products',
                  handle: { title: 'My Products', back: true } satisfies RouteHandle,
                  lazy: {
                    Component: async () => (await import('../features/discovery/pages/my-products-page')).MyProductsPage,
                  },
                },
                {
                  path: 'me/orders',
                  handle: { title: 'My Orders', navTitle: 'Orders', back: true } satisfies RouteHandle,
                  lazy: { Component: async () => (await import('../features/orders/pages/my-orders-page')).MyOrdersPage },
                },
                {
                  path: 'me/orders/:id',
                  handle: { title: 'Order', back: true } satisfies RouteHandle,
                  lazy: { Component: async () => (await import('./order-route')).OrderRoute },
                },
                {
                  path: 'settings',
                  handle: { title: 'My Settings', navTitle: 'Settings', back: true } satisfies RouteHandle,
                  lazy: { Component: async () => (await import('../features/accounts/pages/settings-page')).SettingsPage },
                },
                {
                  path: 'chats',
                  handle: { title: 'My Messages', navTitle: 'Messages' } satisfies RouteHandle,
                  lazy: { Component: async () => (await import('../features/chat/pages/chats-page')).ChatsPage },
                  children: [
                    {
                      path: 'messages/:id',
                      handle: { title: 'My Messages', navTitle: 'Messages', back: true } satisfies RouteHandle,
                      lazy: { Component: async () => (await import('../features/chat/pages/message-page')).MessagePage },
                    },
                  ],
                },
              ],
            },
            {
              loader: requireAdmin(queryClient),
              children: [
                {
                  path: 'new-blog-post',
                  handle: { title: 'Create A New Blog Post', back: true } satisfies RouteHandle,
                  lazy: {
                    Component: async () => (await import('../features/blog/pages/blog-editor-page')).NewBlogPostPage,
                  },
                },
                {
                  path: 'blog/:id/edit',
                  handle: { title: 'Edit Blog Post', back: true } satisfies RouteHandle,
                  lazy: {
                    Component: async () => (await import('../features/blog/pages/blog-editor-page')).EditBlogPostPage,
                  },
                },
                {
                  path: 'approvals',
                  handle: { title: 'Approvals' } satisfies RouteHandle,
                  lazy: { Component: async () => (await import('../features/items/pages/approvals-page')).ApprovalsPage },
                },
                {
                  path: 'admin/problems',
                  handle: { title: 'Open Problems', back: true } satisfies RouteHandle,
                  lazy: {
                    Component: async () => (await import('../features/orders/pages/admin-problems-page')).AdminProblemsPage,
                  },
                },
              ],
            },
            { path: '*', loader: () => redirect('/404'), element: <Navigate to="/404" replace /> },
          ],
        },
      ],
    },
  ];
}
