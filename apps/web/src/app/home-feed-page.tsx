import { BlogBanner } from '../features/blog/components/blog-banner';
import { FeedPage } from '../features/discovery/pages/feed-page';

/** The feed routes, composed here: the discovery feed with the blog's banner (shown on the home feed only). */
export function HomeFeedPage() {
  return <FeedPage banner={<BlogBanner />} />;
}
