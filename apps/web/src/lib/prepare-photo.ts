/** Spec 5 and 9: photos are re-encoded as JPEG at quality 0.5 before upload. */
export const PHOTO_JPEG_QUALITY = 0.5;
/**
 * The server keeps at most 1600 px; twice that leaves it room to downscale well while a phone's 48 MP photo
 * stays under both the upload limit and mobile Safari's canvas limit.
 */
const MAX_EDGE_PX = 3200;

/**
 * Turns a chosen photo upright (its EXIF orientation applied) and re-encodes it as JPEG. Where the browser
 * cannot (no createImageBitmap or canvas, as in jsdom, or a decode failure) the original file is uploaded
 * and the server, which re-encodes every photo anyway, still gets a valid image.
 */
export async function preparePhoto(file: File): Promise<Blob> {
  if (typeof createImageBitmap !== 'function' || typeof document === 'undefined') return file;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return file;
  }
  try {
    const scale = Math.min(1, MAX_EDGE_PX / Math.max(bitmap.width, bitmap.height));
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(bitmap.width * scale);
    canvas.height = Math.round(bitmap.height * scale);
    const context = canvas.getContext('2d');
    if (!context) return file;
    // JPEG has no transparency: a PNG's clear pixels become white rather than black.
    context.fillStyle = '#fff';
    context.fillRect(0, 0, canvas.width, canvas.height);
    context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', PHOTO_JPEG_QUALITY));
    return blob ?? file;
  } catch {
    return file;
  } finally {
    bitmap.close();
  }
}
