import { z } from 'zod';

/**
 * Zod 4 compiles object parsers with `new Function` when it may, and probes whether it may by calling it once. The
 * app's Content-Security-Policy forbids eval, so the probe logged a CSP violation on every page that parsed a
 * form or an answer. Jitless parsing skips both; its speed is plenty for forms and requests. Imported first by
 * the package entry, before any schema is parsed; package.json's sideEffects lists both files, or the bundler
 * drops this import from the build.
 */
z.config({ jitless: true });
