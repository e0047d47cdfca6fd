/** Where this tab keeps the key of `vmbench web` once it has read it from the address. */
const STORAGE_KEY = 'vmbench-token';
export { TOKEN_HEADER } from '../../electron/contract/contract.js';

let cached: string | null | undefined;

/**
 * The per-start key of `vmbench web`. It arrives once in the address (#token=…); it is then kept in this
 * tab's sessionStorage and removed from the address bar, so it is not in the history, bookmarks or a
 * shared screenshot. Null in Electron (no key needed) or when the page was opened without it.
 */
export function sessionToken(
  win: Pick<Window, 'location' | 'history' | 'sessionStorage'> | undefined = typeof window === 'undefined' ? undefined : window,
): string | null {
  if (cached !== undefined) return cached;
  if (!win) return null;
  const m = /(?:^#|&)token=([A-Za-z0-9_-]{16,128})(?:&|$)/.exec(win.location.hash);
  let token: string | null;
  try {
    if (m) win.sessionStorage.setItem(STORAGE_KEY, m[1]);
    token = m?.[1] ?? win.sessionStorage.getItem(STORAGE_KEY);
  } catch {
    token = m?.[1] ?? null; // storage blocked: the key still works until the tab reloads
  }
  if (m) win.history.replaceState(win.history.state, '', win.location.pathname + win.location.search);
  cached = token;
  return token;
}

/** For tests: forget the cached key. */
export function resetSessionToken(): void {
  cached = undefined;
}
