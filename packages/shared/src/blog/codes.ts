/** Blog and giveaway error codes the API answers in `message` (spec part 2, sections 5 and 8); the web maps them to texts. */
export const BLOG_ERRORS = {
  notFound: 'not_found',
  /** Save, checked first: no category, or one that does not exist ('Category Required'). */
  categoryRequired: 'category_required',
  /** Save, second: no banner image ('Missing banner image'). */
  thumbnailRequired: 'thumbnail_required',
  /** The banner is not one of our own uploads (JPEG or PNG): shown as 'Missing banner image' too. */
  invalidThumbnail: 'invalid_thumbnail',
  /** Save, third: a blank title ('Missing Title'). */
  titleRequired: 'title_required',
  /** Save, fourth: no content, neither text nor an image ('Missing Content'). */
  contentRequired: 'content_required',
  tooLong: 'too_long',
  fieldRequired: 'field_required',
  /** Giveaway calls on a post outside the Giveaway category. */
  notGiveaway: 'not_giveaway',
  giveawayClosed: 'giveaway_closed',
  alreadyEntered: 'already_entered',
} as const;

/** The reference category whose posts carry a giveaway (its name is the spec's 'Giveaway'). */
export const GIVEAWAY_CATEGORY_ID = 'giveaway';

export const BLOG_TITLE_MAX = 200;
/** Plain text and HTML of one post: both travel in one JSON body under the API's 100 kb body limit. */
export const BLOG_BODY_MAX = 30_000;
export const BLOG_BODY_HTML_MAX = 60_000;
export const BLOG_COMMENT_MAX = 1_000;
export const GIVEAWAY_FULL_NAME_MAX = 100;
/** GET /api/blogs page size (the spec names none). */
export const BLOG_PAGE_SIZE = 20;
/** The list's excerpt: the web clamps it to two lines, so no more than this crosses the wire. */
export const BLOG_EXCERPT_MAX = 280;
/** The home banner keeps posts published in the current month or the two before it. */
export const BANNER_MONTHS = 2;
export const BANNER_MAX_POSTS = 5;

/**
 * Where images of a post (banner and body) may come from: our own uploads, as the blog image upload stores
 * them (/uploads/blog/...) or as the demo content ships them (/uploads/demo/...), JPEG or PNG. Anything else
 * (another host, a data: URL, a path leaving the folder) is not an image of ours.
 */
export const BLOG_IMAGE_PATH = /^\/uploads\/(?:blog|demo)\/[\w@-]+(?:\.[\w-]+)*\.(?:jpe?g|png)$/i;
export const isBlogImagePath = (src: unknown): src is string => typeof src === 'string' && src.length <= 300 && BLOG_IMAGE_PATH.test(src);
