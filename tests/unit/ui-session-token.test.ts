import { beforeEach, describe, expect, it, vi } from 'vitest';
import { resetSessionToken, sessionToken } from '../../src/api/session-token';

/** A window with just what sessionToken uses: its address, history and this tab's storage. */
function fakeWindow(href: string) {
  const url = new URL(href);
  const store = new Map<string, string>();
  const win = {
    location: {
      get hash() {
        return url.hash;
      },
      get pathname() {
        return url.pathname;
      },
      get search() {
        return url.search;
      },
    },
    history: {
      state: null,
      replaceState: vi.fn((_s: unknown, _t: string, next: string) => {
        const n = new URL(next, url);
        url.hash = n.hash;
        url.search = n.search;
      }),
    },
    sessionStorage: { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v) },
    href: () => url.href,
  };
  return win as unknown as Window & { href: () => string; history: { replaceState: ReturnType<typeof vi.fn> } };
}

describe('the key of vmbench web in the page', () => {
  beforeEach(() => resetSessionToken());

  it('is taken from #token=…, kept in this tab, and removed from the address (so not in history)', () => {
    const token = 'Abc_def-0123456789abcdefghijklmnopqrstuvwxyz'.slice(0, 43);
    const win = fakeWindow(`http://127.0.0.1:7317/?x=1#token=${token}`);
    expect(sessionToken(win)).toBe(token);
    expect(win.history.replaceState).toHaveBeenCalledWith(null, '', '/?x=1');
    expect(win.href()).toBe('http://127.0.0.1:7317/?x=1');
    // A reload of the tab (module state gone, fragment gone) still has it.
    resetSessionToken();
    expect(sessionToken(win)).toBe(token);
  });

  it('is null without one (Electron, or a page opened without the printed address), and a malformed one is ignored', () => {
    expect(sessionToken(fakeWindow('http://127.0.0.1:7317/'))).toBeNull();
    resetSessionToken();
    const win = fakeWindow('http://127.0.0.1:7317/#token=<script>');
    expect(sessionToken(win)).toBeNull();
    expect(win.history.replaceState).not.toHaveBeenCalled();
    resetSessionToken();
    expect(sessionToken(undefined)).toBeNull();
  });
});
