import type { View } from '../store/app-store';

/** The views in sidebar order; Alt (Option) + the digit key 1..5 opens them. */
export const VIEW_ORDER: readonly View[] = ['environments', 'results', 'history', 'compare', 'share'];

/** The parts of a keyboard event a shortcut looks at. */
export interface KeyLike {
  code: string;
  altKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  defaultPrevented?: boolean;
}

/** What a key press does: open a view (Alt+1..5 by physical key, so Option+1 on a Mac works although it types "¡"), dismiss the newest banner (Escape), or nothing. */
export function shortcutFor(e: KeyLike): { view: View } | { dismissBanner: true } | null {
  if (e.defaultPrevented) return null;
  if (e.code === 'Escape' && !e.altKey && !e.ctrlKey && !e.metaKey && !e.shiftKey) return { dismissBanner: true };
  if (!e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return null;
  const m = /^(?:Digit|Numpad)([1-5])$/.exec(e.code);
  return m ? { view: VIEW_ORDER[Number(m[1]) - 1] } : null;
}

/** How the shortcut of a view is written on this platform ("⌥1" on a Mac, "Alt+1" elsewhere). */
export function shortcutLabel(index: number, platform: string = globalThis.navigator?.platform ?? ''): string {
  return /mac/i.test(platform) ? `⌥${index + 1}` : `Alt+${index + 1}`;
}
