import { describe, expect, it, vi } from 'vitest';
import { langFromEnv, langFromTag, translator } from '../../electron/messages/i18n.js';

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

describe('catalogues loaded per language', () => {
  it('a Node face reads only the language it speaks and English (the fallback), each file once', async () => {
    vi.resetModules();
    const i18n = await import('../../electron/messages/i18n.js');
    const { readCatalogue } = await import('../../electron/engine/util/catalogue-files.js');
    const read: string[] = [];
    i18n.setCatalogueReader((lang, ns) => (read.push(`${lang}/${ns}`), readCatalogue(lang, ns)));
    expect(i18n.translator('en')('common:language.en')).toBe('English');
    expect(read.sort()).toEqual(i18n.NAMESPACES.map((ns) => `en/${ns}`).sort());
    read.length = 0;
    expect(i18n.translator('ja')('common:language.ja')).toBe('日本語');
    expect(read.sort()).toEqual(i18n.NAMESPACES.map((ns) => `ja/${ns}`).sort());
  });

  it('an instance made before a catalogue arrives knows it once it is added (the renderer adds chunks as they come)', async () => {
    vi.resetModules();
    const i18n = await import('../../electron/messages/i18n.js');
    const { readCatalogue } = await import('../../electron/engine/util/catalogue-files.js');
    i18n.setCatalogueReader(undefined);
    const inst = i18n.createI18n('ja');
    expect(inst.t('common:language.ja')).toBe('language.ja');
    expect(i18n.loadedNamespaces('ja')).toEqual([]);
    i18n.addCatalogue('ja', 'common', readCatalogue('ja', 'common'));
    expect(inst.t('common:language.ja')).toBe('日本語');
    expect(i18n.translator('ja')('common:language.en')).toBe('English');
    expect(i18n.loadedNamespaces('ja')).toEqual(['common']);
  });
});
