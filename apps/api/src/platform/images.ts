import multer from 'multer';
import sharp from 'sharp';
import { AppError } from './errors';

export const INVALID_IMAGE = 'invalid_image';
const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

/** multipart/form-data with one file field, kept in memory (images are re-encoded before anything is stored). */
export const singleImageUpload = (field: string) =>
  multer({ storage: multer.memoryStorage(), limits: { fileSize: MAX_UPLOAD_BYTES, files: 1 } }).single(field);

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
