import { ITEM_ERRORS } from '@keeb/shared';
import { userIdOf } from '../../platform/auth';
import { singleImageUpload } from '../../platform/images';
import { withProvider } from '../../adapters/provider-http';
import { rateLimit, userOrAddress, type RateLimits } from '../../platform/rate-limit';
import { route, type RouteSpec } from '../../platform/route-table';
import type { PhotosService } from './service';

/** Listing photos: uploads (POST /img/upload) and an Imgur album's photos as links. */
export function photosRoutes(deps: { photos: PhotosService; limits: RateLimits }): RouteSpec[] {
  const { photos, limits } = deps;
  // Each album lookup spends our app's Imgur quota, so one account cannot drain it.
  const albumLimit = rateLimit(limits.create({ name: 'imgur-album', points: 30, durationSeconds: 60 }), userOrAddress);

  return [
    // The access check runs before multer: a logged-out upload is refused before its body is read into memory.
    route({
      method: 'post', path: '/img/upload', access: 'signedIn', input: { multipart: 'file' }, after: [singleImageUpload('file')],
      handler: async (req, res) => {
        res.json(await photos.upload(userIdOf(req), req.file?.buffer));
      },
    }),
    route({
      method: 'get', path: '/img/imgur/album/:hash/photos', access: 'signedIn', after: [albumLimit],
      handler: async (req, res) => {
        res.json(await withProvider(req, ITEM_ERRORS.imgurFailed, () => photos.albumPhotos(String(req.params.hash))));
      },
    }),
  ];
}
