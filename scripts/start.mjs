// `npm start`: build what is missing or stale, then run the API, which migrates, seeds and serves the SPA.
import { ensureBuilt } from './build-if-stale.mjs';

let serverEntry;
try {
  ({ serverEntry } = ensureBuilt());
} catch (error) {
  console.error(error.message);
  process.exit(1);
}
process.env.NODE_ENV ??= 'production';
await import(serverEntry);
