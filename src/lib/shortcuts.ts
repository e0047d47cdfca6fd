import { VIEW_ORDER, type View } from './view-catalogue';

export { VIEW_ORDER };

/** The view each digit key opens with Alt (Option): the nth item of the sidebar. */
export const VIEW_KEYS: Readonly<Record<string, View>> = Object.fromEntries(VIEW_ORDER.map((v, i) => [String(i + 1), v]));

/** The parts of a keyboard event a shortcut looks at. */
export interface KeyLike {
  code: string;
  altKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  defaultPrevented?: boolean;
}

/** What a key press does: open a view (Alt+1..6 by physical key, so Option+1 on a Mac works although it types "¡"), dismiss the newest banner (Escape), or nothing. */
export function shortcutFor(e: KeyLike): { view: View } | { dismissBanner: true } | null {
  if (e.defaultPrevented) return null;
  if (e.code === 'Escape' && !e.altKey && !e.ctrlKey && !e.metaKey && !e.shiftKey) return { dismissBanner: true };
  if (!e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return null;
  const m = /^(?:Digit|Numpad)(\d)$/.exec(e.code);
  const view = m ? VIEW_KEYS[m[1]] : undefined;
  return view ? { view } : null;
}

/** How the shortcut of a view's digit key is written on this platform ("⌥1" on a Mac, "Alt+1" elsewhere). */
export function shortcutLabel(digit: string, platform: string = globalThis.navigator?.platform ?? ''): string {
  return /mac/i.test(platform) ? `⌥${digit}` : `Alt+${digit}`;
}
