import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text formats worth compressing; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;
/** Below this the headers cost more than the bytes saved. */
const MIN_BYTES = 1024;

/**
 * Writes a brotli (.br, quality 11) and a gzip (.gz, level 9) copy beside every compressible file of the build, so
 * the server sends compressed assets without compressing on each request: the strongest levels cost time once,
 * at build, instead of CPU on every download. A copy is kept only when it is smaller than the original.
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'keeb:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async writeBundle(_options, bundle) {
      const files = [...Object.keys(bundle), 'favicon.svg'].filter((file) => COMPRESSIBLE.test(file));
      await Promise.all(
        [...new Set(files)].map(async (file) => {
          const source = await readFile(path.join(outDir, file)).catch(() => null);
          if (!source || source.length < MIN_BYTES) return;
          const [br, gz] = await Promise.all([
            brotli(source, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
                [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
              },
            }),
            gzipAsync(source, { level: constants.Z_BEST_COMPRESSION }),
          ]);
          await Promise.all([
            br.length < source.length ? writeFile(path.join(outDir, `${file}.br`), br) : undefined,
            gz.length < source.length ? writeFile(path.join(outDir, `${file}.gz`), gz) : undefined,
          ]);
        }),
      );
    },
  };
}
