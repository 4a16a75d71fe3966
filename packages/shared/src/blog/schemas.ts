import { z } from 'zod';
import { CursorTimestampSchema } from '../items/schemas';
import { BLOG_CATEGORIES } from '../reference/data';
import {
  BLOG_BODY_HTML_MAX,
  BLOG_BODY_MAX,
  BLOG_COMMENT_MAX,
  BLOG_ERRORS,
  BLOG_TITLE_MAX,
  GIVEAWAY_FULL_NAME_MAX,
  isBlogImagePath,
} from './codes';

/** Ids of posts are UUIDs: anything else names no post. */
const postId = z.uuid({ error: BLOG_ERRORS.notFound });
const text = z.string().optional().default('');
const isBlank = (value: string) => value.trim() === '';

type Rule = [failed: boolean, code: string, field: string];

const BlogSaveBase = z.object({
  _id: postId.optional(),
  categoryId: text,
  thumbnail: text,
  title: text,
  body: text,
  bodyHTML: text,
});

/** Spec part 2, section 5 "Blog post save": category, banner, title, content, in this order; then the lengths. */
function saveRules(v: z.output<typeof BlogSaveBase>): Rule[] {
  return [
    [!BLOG_CATEGORIES.some((c) => c._id === v.categoryId.trim()), BLOG_ERRORS.categoryRequired, 'categoryId'],
    [isBlank(v.thumbnail), BLOG_ERRORS.thumbnailRequired, 'thumbnail'],
    [!isBlogImagePath(v.thumbnail.trim()), BLOG_ERRORS.invalidThumbnail, 'thumbnail'],
    [isBlank(v.title), BLOG_ERRORS.titleRequired, 'title'],
    [v.title.trim().length > BLOG_TITLE_MAX, BLOG_ERRORS.tooLong, 'title'],
    // An image alone is content too: the editor's text of an image-only post is blank.
    [isBlank(v.body) && !/<img\b/i.test(v.bodyHTML), BLOG_ERRORS.contentRequired, 'body'],
    [v.body.trim().length > BLOG_BODY_MAX, BLOG_ERRORS.tooLong, 'body'],
    [v.bodyHTML.length > BLOG_BODY_HTML_MAX, BLOG_ERRORS.tooLong, 'bodyHTML'],
  ];
}

/** POST /api/blog: `_id` absent creates a post, present updates it. bodyHTML is sanitised by the server before it is stored. */
export const BlogSaveInputSchema = BlogSaveBase.superRefine((v, ctx) => {
  const failed = saveRules(v).find(([isFailed]) => isFailed);
  if (failed) ctx.addIssue({ code: 'custom', message: failed[1], path: [failed[2]] });
}).transform((v) => ({ ...v, categoryId: v.categoryId.trim(), thumbnail: v.thumbnail.trim(), title: v.title.trim(), body: v.body.trim() }));
export type BlogSaveInput = z.input<typeof BlogSaveInputSchema>;
export type ValidBlogSaveInput = z.output<typeof BlogSaveInputSchema>;

/** The first save rule a draft breaks (the editor checks before sending), or undefined. */
export function firstBlogSaveError(draft: BlogSaveInput): string | undefined {
  const result = BlogSaveInputSchema.safeParse(draft);
  return result.success ? undefined : result.error.issues[0]?.message;
}

/** POST /api/blog/giveaway/enter */
export const GiveawayEntryInputSchema = z
  .object({ blogId: postId, fullName: text })
  .superRefine((v, ctx) => {
    if (isBlank(v.fullName)) ctx.addIssue({ code: 'custom', message: BLOG_ERRORS.fieldRequired, path: ['fullName'] });
    else if (v.fullName.trim().length > GIVEAWAY_FULL_NAME_MAX) ctx.addIssue({ code: 'custom', message: BLOG_ERRORS.tooLong, path: ['fullName'] });
  })
  .transform((v) => ({ blogId: v.blogId, fullName: v.fullName.trim().replace(/\s+/g, ' ') }));

/** POST /api/blog/comment */
export const BlogCommentInputSchema = z
  .object({ blogId: postId, body: text })
  .superRefine((v, ctx) => {
    if (isBlank(v.body)) ctx.addIssue({ code: 'custom', message: BLOG_ERRORS.fieldRequired, path: ['body'] });
    else if (v.body.trim().length > BLOG_COMMENT_MAX) ctx.addIssue({ code: 'custom', message: BLOG_ERRORS.tooLong, path: ['body'] });
  })
  .transform((v) => ({ blogId: v.blogId, body: v.body.trim() }));

/** GET /api/blogs: the next page starts after `cursor` (the previous answer's `next`). */
export const BlogListQuerySchema = z.object({
  ts: CursorTimestampSchema.optional(),
  cursorId: z.uuid({ error: 'invalid_cursor' }).optional(),
});
export type BlogListQuery = z.infer<typeof BlogListQuerySchema>;

export interface BlogCategory {
  _id: string;
  name: string;
}

/** A post as the list and the home banner show it: `body` is the excerpt, no HTML, no comments. */
export interface BlogSummary {
  _id: string;
  title: string;
  thumbnail: string;
  body: string;
  /** When it was published (when created, while unpublished). */
  date: string;
  isPublished: boolean;
  author: { _id: string; username: string };
  categoryId: BlogCategory;
  /** Giveaway posts only (null otherwise): open while canEnter. */
  giveaway: { canEnter: boolean } | null;
}

/** GET /api/blogs: `p` is true for admins only (spec: the list's admin buttons); `next` the cursor of the next page. */
export interface BlogList {
  blogs: BlogSummary[];
  p: boolean;
  next: { ts: string; cursorId: string } | null;
}

export interface BlogComment {
  _id: string;
  body: string;
  timeCreated: string;
  userId: { _id: string; username: string; avatar: string | null; reddit: { isLinked: boolean } };
}

/** GET /api/blog/{id} (and /edit): the whole post, the viewer's entry and the comments, oldest first. */
export interface BlogPost extends BlogSummary {
  /** Sanitised by the server when saved: safe to render as HTML. */
  bodyHTML: string;
  /** Whether the viewer has entered the giveaway (false for visitors and non-giveaway posts). */
  isEntered: boolean;
  comments: BlogComment[];
}

/** GET /api/blog/{id}/giveaway/entries: one row per entry, in the order they came (number 1 first). */
export interface GiveawayEntry {
  number: number;
  fullName: string;
  timeCreated: string;
  userId: { _id: string; username: string; email: string };
}
