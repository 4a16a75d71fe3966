import { existsSync } from 'node:fs';

/** CHROME_PATH when set, else the usual system locations (Debian's chromium first). */
export function findChromium() {
  const candidates = [process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];
  return candidates.find((p) => p && existsSync(p));
}
