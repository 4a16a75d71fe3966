import { randomBytes } from 'node:crypto';
import { ERROR_CODES, ITEM_ERRORS } from '@keeb/shared';
import type { Config } from '../../config';
import { AppError } from '../../platform/errors';
import { INVALID_IMAGE, listingPhoto } from '../../platform/images';
import { photoParts } from '../../platform/photo-parts';
import type { ImgurClient } from '../../adapters/imgur/imgur';
import { consume, type RateLimits } from '../../platform/rate-limit';
import type { UploadsService } from '../uploads/service';

/** Imgur album hashes: letters and digits, 5 to 10 of them. Anything else cannot be an album and never reaches Imgur. */
const ALBUM_HASH = /^[A-Za-z0-9]{5,10}$/;
const ALBUM_PHOTO_TYPES = new Set(['image/jpeg', 'image/png']);
/** What a listing may take as a photo link from an album: Imgur's own https image host, .jpg/.png files only. */
const ALBUM_PHOTO_LINK = /^https:\/\/i\.imgur\.com\/[A-Za-z0-9]+\.(?:jpe?g|png)$/i;

const DAY_SECONDS = 24 * 60 * 60;

export interface PhotosService {
  /** Stores a listing photo with its `@4x_` and `@2x_` variants beside it and answers the photo's URL. */
  upload(userId: string, file: Buffer | undefined): Promise<{ url: string }>;
  /** The JPEG and PNG photos of an Imgur album, as links a listing accepts. */
  albumPhotos(hash: string): Promise<Array<{ link: string }>>;
}

export function createPhotosService(deps: {
  uploads: UploadsService;
  imgur: ImgurClient;
  limits: RateLimits;
  config: Pick<Config, 'photoUploadsPerDay'>;
}): PhotosService {
  const { uploads, imgur } = deps;
  const dailyUploads = deps.limits.create({ name: 'photo-uploads', points: deps.config.photoUploadsPerDay, durationSeconds: DAY_SECONDS });

  return {
    async upload(userId, file) {
      if (!file?.length) throw new AppError(400, INVALID_IMAGE);
      // Every file that reaches the decoder counts, refused ones included: decoding is the expensive part, and
      // the web client only ever sends JPEG or PNG.
      const timeLeft = await consume(dailyUploads, userId);
      if (timeLeft > 0) throw new AppError(429, ITEM_ERRORS.tooManyUploads, { timeLeft });
      const photo = await listingPhoto(file);
      try {
        const key = `items/${userId}/${randomBytes(12).toString('hex')}.jpg`;
        return { url: await uploads.store(userId, key, photoParts(key, photo)) };
      } catch (error) {
        // Our storage failed, not the user: the upload must not cost them part of their day.
        await dailyUploads.reward(userId, 1).catch(() => undefined);
        throw error;
      }
    },

    async albumPhotos(hash) {
      if (!ALBUM_HASH.test(hash)) throw new AppError(404, ERROR_CODES.notFound);
      const images = await imgur.albumImages(hash);
      if (!images) throw new AppError(404, ERROR_CODES.notFound);
      return images.filter((image) => ALBUM_PHOTO_TYPES.has(image.type) && ALBUM_PHOTO_LINK.test(image.link)).map(({ link }) => ({ link }));
    },
  };
}
