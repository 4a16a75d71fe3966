import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import express, { type RequestHandler } from 'express';
import { UPLOAD_CACHE_CONTROL } from './s3';
import { isSafeKey, type Storage } from './storage';

/**
 * How long a browser or CDN keeps the redirect to S3_PUBLIC_URL: long enough to spare the API most repeat
 * requests, short enough that a changed S3_PUBLIC_URL is followed within the hour.
 */
const REDIRECT_CACHE_CONTROL = 'public, max-age=3600';

/**
 * GET /uploads/<key>: the stored URLs the database holds. On disk, the files themselves. With a bucket, a redirect
 * to S3_PUBLIC_URL when it is set (so pages, cards and stored blog HTML made before it, or before a change of it,
 * keep working), else the object streamed from the bucket; a key missing there is looked for on local disk, so
 * uploads written before the move still show until `npm run storage:copy` has run.
 */
export function uploadsHandler(options: { storage: Storage; uploadsDir: string; publicUrl: string | undefined }): RequestHandler {
  const { storage, publicUrl } = options;
  const disk = express.static(options.uploadsDir, { maxAge: '30d', immutable: true, index: false, fallthrough: false });
  if (storage.kind === 'disk') return disk;
  // Mounted at /uploads (static.ts): req.path is `/<key>`.
  return async (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const key = req.path.slice(1);
    if (!isSafeKey(key)) return res.status(404).type('text/plain').send('Not Found');
    if (publicUrl) return res.set('Cache-Control', REDIRECT_CACHE_CONTROL).redirect(302, `${publicUrl}/${key}`);
    try {
      const object = await storage.get(key);
      if (!object) return disk(req, res, next);
      res.set({
        'Content-Type': object.contentType ?? (key.endsWith('.png') ? 'image/png' : 'image/jpeg'),
        'Cache-Control': UPLOAD_CACHE_CONTROL,
      });
      if (object.length !== undefined) res.set('Content-Length', String(object.length));
      const body = Buffer.isBuffer(object.body) ? Readable.from([object.body]) : Readable.from(object.body as AsyncIterable<Buffer>);
      if (req.method === 'HEAD') {
        body.destroy();
        return res.end();
      }
      // A client that goes away mid-photo ends the pipeline; nothing to answer then.
      await pipeline(body, res).catch(() => undefined);
    } catch (error) {
      next(error);
    }
  };
}
