// Where the browser tests (and perf, docs:screens) find a Chromium or Chrome: $VMBENCH_CHROMIUM, else
// the usual install paths on Debian/Ubuntu and macOS. Playwright drives whichever it is; nothing is downloaded.
import { existsSync } from 'node:fs';

const CANDIDATES = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
  '/Applications/Chromium.app/Contents/MacOS/Chromium',
  '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
];

/** The first Chromium or Chrome found ($VMBENCH_CHROMIUM first), or null. */
export function findChromium() {
  const own = process.env.VMBENCH_CHROMIUM;
  if (own) return existsSync(own) ? own : null;
  return CANDIDATES.find((p) => existsSync(p)) ?? null;
}

/** The browser to test in; throws saying how to install one when there is none. */
export function chromiumPath() {
  const p = findChromium();
  if (p) return p;
  throw new Error(
    'No Chromium or Chrome found (looked at $VMBENCH_CHROMIUM, ' +
      CANDIDATES.join(', ') +
      '). ' +
      'Install one: Debian/Ubuntu `sudo apt-get install chromium`, macOS `brew install --cask chromium` or Google Chrome; ' +
      'or set VMBENCH_CHROMIUM to its executable.',
  );
}
