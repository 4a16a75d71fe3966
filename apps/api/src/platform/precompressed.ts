import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { NextFunction, Request, RequestHandler, Response } from 'express';

export interface Variants {
  br: boolean;
  gzip: boolean;
}

/**
 * The files of a build, found once at start (a build does not change under a running server), with the brotli and
 * gzip copies the web build writes beside them (apps/web/precompress-plugin.ts). Sending a copy costs no CPU per
 * request, unlike compressing on the fly, and the copies are made at the strongest levels.
 *
 * Only paths found in the build are served here, so no request path ever reaches the file system unchecked.
 */
export function precompressedFiles(root: string, cacheControlFor: (file: string) => string) {
  const files = new Map<string, Variants>();
  const visit = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) visit(full);
      else if (!/\.(?:br|gz)$/.test(entry.name)) {
        const url = `/${path.relative(root, full).split(path.sep).join('/')}`;
        files.set(url, { br: existsSync(`${full}.br`), gzip: existsSync(`${full}.gz`) });
      }
    }
  };
  visit(root);

  /** Sends `file` (a path of the build, e.g. /assets/index-abc.js) in the best encoding the client accepts. */
  function send(req: Request, res: Response, next: NextFunction, file: string): void {
    const variants = files.get(file);
    if (!variants) return next();
    const encoding = chooseEncoding(req, variants);
    // Identity answers vary too, or a shared cache could hand a compressed copy to a client that cannot read it.
    if (variants.br || variants.gzip) res.vary('Accept-Encoding');
    res.set('Cache-Control', cacheControlFor(file));
    // The type of the file itself, not of its .br/.gz copy (send leaves a Content-Type that is already set).
    res.type(path.extname(file));
    if (encoding) res.set('Content-Encoding', encoding);
    const onDisk = path.join(root, encoding === 'br' ? `${file}.br` : encoding === 'gzip' ? `${file}.gz` : file);
    res.sendFile(onDisk, { cacheControl: false, dotfiles: 'allow' }, (error) => {
      if (error && !res.headersSent) next(error);
    });
  }

  const middleware: RequestHandler = (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    send(req, res, next, req.path);
  };
  return { send, middleware };
}

/**
 * Of the copies at hand, brotli (smaller) when the client takes it, else gzip, whatever order the client lists its
 * encodings in. Shared with the kept answers (discovery/kept-answer.ts). A request without Accept-Encoding takes
 * neither, and is answered without asking the negotiator.
 */
export function chooseEncoding(req: Request, variants: Variants): 'br' | 'gzip' | undefined {
  if (!req.headers['accept-encoding']) return undefined;
  if (variants.br && req.acceptsEncodings('br')) return 'br';
  if (variants.gzip && req.acceptsEncodings('gzip')) return 'gzip';
  return undefined;
}

