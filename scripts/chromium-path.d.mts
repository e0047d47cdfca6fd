/** The first Chromium or Chrome found ($VMBENCH_CHROMIUM first), or null. */
export function findChromium(): string | null;
/** The browser to test in; throws saying how to install one when there is none. */
export function chromiumPath(): string;
