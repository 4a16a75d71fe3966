import { BLOG_ERRORS } from '@keeb/shared';
import { isApiError } from '../../lib/api-error';

/** The blog's texts (spec part 2, sections 2, 5 and 8), verbatim. */
export const BLOG_TEXTS = {
  heading: 'The Blog',
  newPost: 'New Post',
  noPosts: 'No Blog Posts',
  listFailed: 'The blog could not be loaded.',
  loadMore: 'Load more',
  categoryRequired: 'Category Required',
  missingBanner: 'Missing banner image',
  missingTitle: 'Missing Title',
  missingContent: 'Missing Content',
  saved: 'Post saved',
  saveFailed: 'Unable to save',
  published: 'Post published',
  publishFailed: 'Unable to publish',
  fullNameRequired: 'Full Name required',
  entered: 'Entered giveaway!',
  enterFailed: 'Something went wrong.',
  giveawayClosed: 'This giveaway has closed',
  alreadyEntered: 'You have already entered this giveaway',
  loginToComment: 'Login or sign up to comment',
  noComments: 'No comments yet!',
} as const;

const SAVE_ERROR_TEXTS: Record<string, string> = {
  [BLOG_ERRORS.categoryRequired]: BLOG_TEXTS.categoryRequired,
  [BLOG_ERRORS.thumbnailRequired]: BLOG_TEXTS.missingBanner,
  [BLOG_ERRORS.invalidThumbnail]: BLOG_TEXTS.missingBanner,
  [BLOG_ERRORS.titleRequired]: BLOG_TEXTS.missingTitle,
  [BLOG_ERRORS.contentRequired]: BLOG_TEXTS.missingContent,
};

/** A save rule's code as the editor says it; any other code or failure is 'Unable to save'. */
export const saveErrorText = (code: string | undefined): string => (code ? SAVE_ERROR_TEXTS[code] : undefined) ?? BLOG_TEXTS.saveFailed;

export const codeOf = (error: unknown): string | undefined => (isApiError(error) ? error.code : undefined);

/** 'March 5, 2026': the post page's long date. */
export const longDate = (iso: string) => new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
/** 'Mar 5, 2026': the list's date. */
export const shortDate = (iso: string) => new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
