import { Router } from 'express';
import { ITEM_ERRORS } from '@keeb/shared';
import { requireLogin, userIdOf } from '../../platform/auth';
import { singleImageUpload } from '../../platform/images';
import { withProvider } from '../../platform/provider-http';
import { rateLimit, type RateLimits } from '../../platform/rate-limit';
import type { PhotosService } from './service';

/** Listing photos: uploads (POST /img/upload) and an Imgur album's photos as links. */
export function photosRoutes(deps: { photos: PhotosService; limits: RateLimits }): Router {
  const { photos, limits } = deps;
  const router = Router();
  // Each album lookup spends our app's Imgur quota, so one account cannot drain it.
  const albumLimit = rateLimit(limits.create({ name: 'imgur-album', points: 30, durationSeconds: 60 }), (req) => req.session.userId ?? req.ip ?? 'unknown');

  // requireLogin before multer: a logged-out upload is refused before its body is read into memory.
  router.post('/img/upload', requireLogin, singleImageUpload('file'), async (req, res) => {
    res.json(await photos.upload(userIdOf(req), req.file?.buffer));
  });
  router.get('/img/imgur/album/:hash/photos', requireLogin, albumLimit, async (req, res) => {
    res.json(await withProvider(req, ITEM_ERRORS.imgurFailed, () => photos.albumPhotos(String(req.params.hash))));
  });
  return router;
}
