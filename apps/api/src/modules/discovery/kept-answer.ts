import type { Request, Response } from 'express';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { chooseEncoding } from '../../platform/precompressed';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** Below this an answer goes out as it is (compressJson's threshold): compressing it saves less than it costs. */
const COMPRESS_FROM = 1024;

type Encoding = 'br' | 'gzip';

/**
 * An answer kept in memory for many requests (the signed-out first pages, the facets): its JSON and, made once on
 * the first request that accepts them, its brotli and gzip copies. A kept answer is sent up to thousands of times a
 * second; compressing it on every request (compressJson) cost more than the rest of the request together, so each
 * copy is made once per answer, at a stronger level than the per-request middleware can afford.
 */
export interface KeptAnswer {
  json: Buffer;
  encoded(encoding: Encoding): Promise<Buffer>;
}

export function keptAnswer(json: Buffer): KeptAnswer {
  const copies = new Map<Encoding, Promise<Buffer>>();
  return {
    json,
    encoded(encoding) {
      let copy = copies.get(encoding);
      if (!copy) {
        copy = encoding === 'br' ? brotli(json, { params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: json.length } }) : gzipped(json, { level: 6 });
        copies.set(encoding, copy);
      }
      return copy;
    },
  };
}

/** Both copies can always be made. */
const BOTH = { br: true, gzip: true } as const;

/**
 * Sends a kept answer in the best encoding the client accepts. Its Content-Encoding is set before the headers go
 * out, so compressJson passes it through untouched ("already encoded").
 */
export async function sendKept(req: Request, res: Response, answer: KeptAnswer): Promise<void> {
  const encoding = answer.json.length >= COMPRESS_FROM ? chooseEncoding(req, BOTH) : undefined;
  const body = encoding ? await answer.encoded(encoding) : answer.json;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  // Identity answers vary too, or a shared cache could hand a compressed copy to a client that cannot read it.
  res.setHeader('Vary', 'Accept-Encoding');
  if (encoding) res.setHeader('Content-Encoding', encoding);
  res.setHeader('Content-Length', body.length);
  res.end(req.method === 'HEAD' ? undefined : body);
}
