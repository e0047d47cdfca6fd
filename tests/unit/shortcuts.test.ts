import { describe, expect, it } from 'vitest';
import { shortcutFor, shortcutLabel } from '../../src/lib/shortcuts';

const key = (code: string, mods: Partial<{ altKey: boolean; ctrlKey: boolean; metaKey: boolean; shiftKey: boolean }> = {}) => ({
  code,
  altKey: false,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  ...mods,
});

describe('keyboard shortcuts', () => {
  it('open views by the physical digit key, whatever character Option types on a Mac', () => {
    // Option+1 on a US Mac layout has key "¡" but code "Digit1".
    expect(shortcutFor({ ...key('Digit1', { altKey: true }), key: '¡' } as ReturnType<typeof key>)).toEqual({ view: 'environments' });
    // The digits follow the sidebar: environments, advice, results, history, compare, share.
    expect(shortcutFor(key('Digit2', { altKey: true }))).toEqual({ view: 'advice' });
    expect(shortcutFor(key('Digit3', { altKey: true }))).toEqual({ view: 'results' });
    expect(shortcutFor(key('Numpad4', { altKey: true }))).toEqual({ view: 'history' });
    expect(shortcutFor(key('Digit6', { altKey: true }))).toEqual({ view: 'share' });
    expect(shortcutFor(key('Digit7', { altKey: true }))).toBeNull();
    expect(shortcutFor(key('Digit1'))).toBeNull();
    expect(shortcutFor(key('Digit1', { altKey: true, ctrlKey: true }))).toBeNull();
  });

  it('dismiss a banner with a plain Escape only, and leave handled events alone', () => {
    expect(shortcutFor(key('Escape'))).toEqual({ dismissBanner: true });
    expect(shortcutFor(key('Escape', { shiftKey: true }))).toBeNull();
    expect(shortcutFor({ ...key('Escape'), defaultPrevented: true })).toBeNull();
  });

  it('are written the way the platform writes them', () => {
    expect(shortcutLabel('1', 'MacIntel')).toBe('⌥1');
    expect(shortcutLabel('5', 'Linux x86_64')).toBe('Alt+5');
  });
});
