/**
 * Where the home feed's blog banner goes (part 2, "Home feed blog banner"): the blog issue fills this from
 * GET /api/banner-blogs (the most recent post within two months, a carousel on mobile). Until then it renders
 * nothing, so the feed's layout does not change when it arrives.
 */
export function BlogBannerSlot() {
  return null;
}
