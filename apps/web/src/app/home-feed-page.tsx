import { AccountRemovedNotice } from '../features/accounts/components/account-removed-notice';
import { BlogBanner } from '../features/blog/components/blog-banner';
import { FeedPage } from '../features/discovery/pages/feed-page';
import { saveSearchAction } from './save-search-action';

/**
 * The feed routes, composed here: the discovery feed with the account-removed notice and the blog's banner (shown
 * on the home feed only) and, on a searched or filtered feed, the wants' 'Save this search as a want'.
 */
export function HomeFeedPage() {
  return (
    <FeedPage
      banner={
        <>
          <AccountRemovedNotice />
          <BlogBanner />
        </>
      }
      searchAction={saveSearchAction}
    />
  );
}
