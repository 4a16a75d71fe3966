import { useEffect } from 'react';
import { Outlet, ScrollRestoration } from 'react-router-dom';
import { PageMetaProvider, usePageMetaState } from '../../lib/page-meta';
import { useCategories } from '../../lib/reference/get-categories';
import { PRODUCT_NAME } from '../../lib/site';
import { useRouteHandle } from '../route-handle';
import { RealtimeBridge } from '../../features/chat/realtime/realtime-bridge';
import { subscribeToOrderUpdates, subscribeToSavedItemUpdates, subscribeToWantMatches } from '../../features/chat/realtime/socket';
import { SavedItemNotice } from '../../features/discovery/components/saved-item-notice';
import { SignedUpNotice } from '../../features/accounts/components/signed-up-notice';
import { OrderUpdateNotice } from '../../features/orders/components/order-update-notice';
import { WantMatchNotice } from '../../features/wants/components/want-match-notice';
import { ApiBanners } from './api-banners';
import { BottomToolbar } from './bottom-toolbar';
import { CookieBanner } from './cookie-banner';
import { CreateAccountModal } from './create-account-modal';
import { Footer } from './footer';
import { NavigationProgress } from './navigation-progress';
import { TopNavbar } from './top-navbar';
import { useReloadUserInfoOnVisible } from './use-reload-user-info';
import styles from './app-shell.module.css';

export function AppShell() {
  return (
    <PageMetaProvider>
      <Shell />
    </PageMetaProvider>
  );
}

function Shell() {
  const handle = useRouteHandle();
  const pageMeta = usePageMetaState();
  const title = pageMeta.title ?? handle?.title ?? PRODUCT_NAME;

  useEffect(() => {
    document.title = title;
  }, [title]);
  useReloadUserInfoOnVisible();
  // Reference data every screen leans on; its failure with no answer at all raises the network banner.
  useCategories();

  return (
    <div className={styles.shell}>
      <a href="#main" className={styles.skipLink}>
        Skip to content
      </a>
      <NavigationProgress />
      <TopNavbar handle={handle} />
      <ApiBanners />
      <SignedUpNotice />
      <main id="main" className={styles.main} tabIndex={-1}>
        <Outlet />
      </main>
      <Footer />
      <BottomToolbar />
      <CookieBanner />
      <CreateAccountModal />
      <RealtimeBridge>
        <WantMatchNotice subscribe={subscribeToWantMatches} />
        <OrderUpdateNotice subscribe={subscribeToOrderUpdates} />
        <SavedItemNotice subscribe={subscribeToSavedItemUpdates} />
      </RealtimeBridge>
      <ScrollRestoration />
    </div>
  );
}
