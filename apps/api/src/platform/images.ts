import type { RequestHandler } from 'express';
import multer from 'multer';
import sharp from 'sharp';
import { ERROR_CODES } from '@keeb/shared';
import { AppError } from './errors';

export const INVALID_IMAGE = 'invalid_image';
const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

/** multipart/form-data with one file field, kept in memory (images are re-encoded before anything is stored). */
export function singleImageUpload(field: string): RequestHandler {
  const upload = multer({ storage: multer.memoryStorage(), limits: { fileSize: MAX_UPLOAD_BYTES, files: 1 } }).single(field);
  // Errors from reading the upload carry no HTTP status and would otherwise end as a 500: multer's own (limits,
  // unexpected fields) and busboy's for a broken body (no or a wrong boundary, an unterminated part). With memory
  // storage nothing else can fail here, so every one of them is the client's unreadable upload.
  return (req, res, next) =>
    upload(req, res, (error?: unknown) => {
      if (!error) return next();
      const tooLarge = error instanceof multer.MulterError && error.code === 'LIMIT_FILE_SIZE';
      next(tooLarge ? new AppError(413, ERROR_CODES.payloadTooLarge) : new AppError(400, INVALID_IMAGE));
    });
}

/**
 * Accepts only real JPEG or PNG data, whatever the file name or declared type says, by decoding the header.
 * Answers a sharp pipeline already rotated per EXIF; re-encoding drops all metadata (GPS included).
 */
export async function openImage(buffer: Buffer | undefined) {
  if (!buffer || buffer.length === 0) throw new AppError(400, INVALID_IMAGE);
  let format: string | undefined;
  try {
    format = (await sharp(buffer).metadata()).format;
  } catch {
    throw new AppError(400, INVALID_IMAGE);
  }
  if (format !== 'jpeg' && format !== 'png') throw new AppError(400, INVALID_IMAGE);
  return sharp(buffer, { failOn: 'error' }).rotate();
}

/** A square avatar: centre-cropped, 256 px, JPEG. */
export async function squareAvatar(buffer: Buffer | undefined): Promise<Buffer> {
  const image = await openImage(buffer);
  try {
    return await image.resize(256, 256, { fit: 'cover' }).jpeg({ quality: 85, mozjpeg: true }).toBuffer();
  } catch {
    throw new AppError(400, INVALID_IMAGE);
  }
}

/** Longest side of a stored listing photo and of its two variants (the spec's @4x_ detail and @2x_ list sizes). */
export const LISTING_PHOTO_SIZES = { photo: 1600, detail: 1080, list: 480 } as const;
const LISTING_PHOTO_QUALITY = 80;

export interface ListingPhoto {
  photo: Buffer;
  /** The `@4x_` variant: carousel and full-screen view. */
  detail: Buffer;
  /** The `@2x_` variant: item grids and lists. */
  list: Buffer;
}

/**
 * A listing photo and its two smaller variants, all JPEG without any metadata (GPS included), upright per EXIF.
 * The image is decoded once, already shrunk to the largest size; transparency (PNG) is laid on white, as JPEG has none.
 */
export async function listingPhoto(buffer: Buffer | undefined): Promise<ListingPhoto> {
  const image = await openImage(buffer);
  try {
    const { data, info } = await image
      .resize({ width: LISTING_PHOTO_SIZES.photo, height: LISTING_PHOTO_SIZES.photo, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const encode = (longestSide: number) =>
      sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } })
        .resize({ width: longestSide, height: longestSide, fit: 'inside', withoutEnlargement: true })
        .jpeg({ quality: LISTING_PHOTO_QUALITY, mozjpeg: true })
        .toBuffer();
    const [photo, detail, list] = await Promise.all([
      encode(LISTING_PHOTO_SIZES.photo),
      encode(LISTING_PHOTO_SIZES.detail),
      encode(LISTING_PHOTO_SIZES.list),
    ]);
    return { photo, detail, list };
  } catch {
    throw new AppError(400, INVALID_IMAGE);
  }
}
