import { describe, expect, it } from 'vitest';
import { formatDate, formatNumber, langFromEnv, langFromTag, translator } from '../../electron/i18n.js';

describe('i18n core', () => {
  it('reads the language from POSIX locale variables in their order of precedence', () => {
    expect(langFromEnv({ LANG: 'ja_JP.UTF-8' })).toBe('ja');
    expect(langFromEnv({ LC_ALL: 'C', LANG: 'ja_JP.UTF-8' })).toBe('en');
    expect(langFromEnv({ LC_MESSAGES: 'ja_JP.eucJP', LANG: 'en_US.UTF-8' })).toBe('ja');
    expect(langFromEnv({ LC_ALL: '', LANG: 'ja' })).toBe('ja');
    expect(langFromEnv({ LANG: 'de_DE.UTF-8' })).toBe('en');
    expect(langFromEnv({})).toBe('en');
    expect(langFromTag('ja-JP')).toBe('ja');
    expect(langFromTag('fr')).toBeUndefined();
  });

  it('translates per language and formats numbers and dates with Intl', () => {
    expect(translator('ja')('common:language.ja')).toBe('日本語');
    expect(translator('en')('language.en')).toBe('English');
    expect(formatNumber('ja', 1234.5)).toBe('1,234.5');
    expect(formatDate('ja', new Date(2026, 10, 23))).toBe('2026/11/23');
    expect(formatDate('en', new Date(2026, 10, 23))).toBe('11/23/2026');
  });
});
