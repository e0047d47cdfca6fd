import { describe, expect, it } from 'vitest';
import { langFromEnv, langFromTag, translator } from '../../electron/shared/i18n.js';

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
  });
});
