import type { Request } from 'express';
import { BLOG_ERRORS, BlogCommentInputSchema, BlogListQuerySchema, BlogSaveInputSchema, GiveawayEntryInputSchema } from '@keeb/shared';
import { userIdOf } from '../../platform/auth';
import { parseInput } from '../../platform/errors';
import { singleImageUpload } from '../../platform/images';
import { uuidParam } from '../../platform/ids';
import type { PublicReads } from '../../platform/read-routing';
import { route, type RouteSpec } from '../../platform/route-table';
import type { BlogService } from './service';

/** Post ids are UUIDs; anything else names no post. */
const postIdParam = uuidParam(BLOG_ERRORS.notFound);

/**
 * Spec part 2, section 7 "Blog". Writing, publishing, deleting, the image upload and the giveaway's entries and
 * Close are admin calls; entering and commenting need a session; reading is public (the service hides
 * unpublished posts from everyone but admins). The lists and posts may come from a replica (reads.read).
 */
export function blogRoutes(deps: { blog: PublicReads<BlogService> }): RouteSpec[] {
  const { blog: reads } = deps;
  const blog = reads.primary;
  const id = (req: Request) => String(req.params.id);
  const onPost = { before: [postIdParam] } as const;
  return [
    route({
      method: 'get', path: '/blogs', access: 'public', input: { query: BlogListQuerySchema },
      handler: async (req, res) => {
        const query = parseInput(BlogListQuerySchema, req.query);
        res.json(await reads.read(req, (b) => b.list(req.session.userId, query)));
      },
    }),
    route({
      method: 'get', path: '/banner-blogs', access: 'public',
      handler: async (req, res) => {
        res.json(await reads.read(req, (b) => b.banner()));
      },
    }),
    route({
      method: 'get', path: '/blog/c/get', access: 'public',
      handler: async (_req, res) => {
        // private: the answer may carry the XSRF cookie, which a shared cache must never replay to someone else.
        res.set('Cache-Control', 'private, max-age=300').json(await blog.categories());
      },
    }),
    route({
      method: 'get', path: '/blog/:id', access: 'public', ...onPost,
      handler: async (req, res) => {
        res.json(await reads.read(req, (b) => b.post(id(req), req.session.userId)));
      },
    }),
    route({
      method: 'get', path: '/blog/:id/edit', access: 'admin', ...onPost,
      handler: async (req, res) => {
        res.json(await blog.forEditing(id(req)));
      },
    }),
    route({
      method: 'post', path: '/blog', access: 'admin', input: { body: BlogSaveInputSchema },
      handler: async (req, res) => {
        res.json(await blog.save(userIdOf(req), parseInput(BlogSaveInputSchema, req.body)));
      },
    }),
    route({
      method: 'post', path: '/blog/:id/publish', access: 'admin', ...onPost,
      handler: async (req, res) => {
        res.json(await blog.publish(id(req)));
      },
    }),
    route({
      method: 'delete', path: '/blog/:id/delete', access: 'admin', ...onPost,
      handler: async (req, res) => {
        res.json(await blog.remove(id(req)));
      },
    }),
    route({
      method: 'post', path: '/blog/giveaway/enter', access: 'signedIn', input: { body: GiveawayEntryInputSchema },
      handler: async (req, res) => {
        res.json(await blog.enter(userIdOf(req), parseInput(GiveawayEntryInputSchema, req.body)));
      },
    }),
    route({
      method: 'get', path: '/blog/:id/giveaway/entries', access: 'admin', ...onPost,
      handler: async (req, res) => {
        res.json(await blog.entries(id(req)));
      },
    }),
    route({
      method: 'post', path: '/blog/:id/giveaway/close', access: 'admin', ...onPost,
      handler: async (req, res) => {
        res.json(await blog.close(id(req)));
      },
    }),
    route({
      method: 'post', path: '/blog/comment', access: 'signedIn', input: { body: BlogCommentInputSchema },
      handler: async (req, res) => {
        res.json(await blog.comment(userIdOf(req), parseInput(BlogCommentInputSchema, req.body)));
      },
    }),
    // The access check runs before multer: a non-admin's upload is refused before its body is read into memory.
    route({
      method: 'post', path: '/blog/image-upload', access: 'admin', input: { multipart: 'image' }, after: [singleImageUpload('image')],
      handler: async (req, res) => {
        res.json(await blog.uploadImage(userIdOf(req), req.file?.buffer));
      },
    }),
  ];
}
