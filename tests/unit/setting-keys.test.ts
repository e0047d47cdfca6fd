/**
 * The setting-key catalogue (electron/contract/setting-keys.ts): every key has its label in English and Japanese,
 * the catalogues label no key the catalogue lacks, and the keys the runtimes' readers emit from real captured
 * settings files and CLI outputs are all in it, and so read as words in both languages.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SETTING_KEYS, SETTINGS, isSettingKey } from '../../electron/contract/setting-keys.js';
import { normalizeDesktopSettings, parseDesktopSettingsFile } from '../../electron/engine/runtimes/docker-desktop/settings.js';
import { normalizeRdSettings, parseRdSettings } from '../../electron/engine/runtimes/rancher-desktop/settings.js';
import { colimaYamlSettings } from '../../electron/engine/runtimes/colima/parse.js';
import { domainSettings, parseDomainXml } from '../../electron/engine/runtimes/libvirt/domain-xml.js';
import { limaSettings, parseLimaList } from '../../electron/engine/runtimes/lima.js';
import { parsePodmanMachines, podmanSettings } from '../../electron/engine/runtimes/podman.js';
import { SettingsBag } from '../../electron/engine/runtimes/support/runtime-info.js';
import { text as settingText } from '../../electron/engine/advisor/rule-kit/types.js';
import type { RuntimeInfo } from '../../electron/contract/contract.js';
import { settingLabel } from '../../src/lib/setting-labels';
import { CAPTURES, LOCAL_FIXTURES, text } from '../helpers/runtimes-stubs.js';

const LOCALES = join(import.meta.dirname, '..', '..', 'src', 'locales');
const settingTexts = (lang: 'en' | 'ja'): { label: Record<string, string>; value: Record<string, string> } =>
  (JSON.parse(readFileSync(join(LOCALES, lang, 'ui.json'), 'utf8')) as { setting: { label: Record<string, string>; value: Record<string, string> } }).setting;

const parsed = <T>(p: { ok: true; value: T } | { ok: false }): T => {
  if (!p.ok) throw new Error('a fixture did not parse');
  return p.value;
};

/** Every key the runtimes' readers emit from the captured fixtures (settings and where each came from). */
function emittedKeys(): Set<string> {
  const bags: SettingsBag[] = [];
  const host = { cpus: 8, memoryMiB: 16384, arch: 'arm64' };
  for (const f of ['settings-store.fresh-install-v43.json', 'settings-store.marslo-v40.json']) {
    const raw = parsed(parseDesktopSettingsFile(text(join(CAPTURES, 'docker-desktop', f))));
    for (const platform of ['mac', 'linux', 'windows'] as const) bags.push(normalizeDesktopSettings(raw, platform, host));
  }
  const rd = parsed(parseRdSettings(text(join(CAPTURES, 'rancher-desktop', 'rdctl-list-settings.v10-macos.json'))));
  for (const platform of ['darwin', 'linux', 'win32'] as const) bags.push(normalizeRdSettings(rd, 'cli', platform));
  for (const f of readdirSync(join(LOCAL_FIXTURES, 'colima')).filter((n) => n.endsWith('.yaml')))
    bags.push(parsed(colimaYamlSettings(text(join(LOCAL_FIXTURES, 'colima', f)))));
  for (const f of readdirSync(join(LOCAL_FIXTURES, 'libvirt')).filter((n) => n.endsWith('.xml')))
    bags.push(domainSettings(parsed(parseDomainXml(text(join(LOCAL_FIXTURES, 'libvirt', f))))));
  for (const inst of parsed(parseLimaList(text(join(LOCAL_FIXTURES, 'lima', 'list-json.lima-0.14.2-struct.ndjson'))))) bags.push(limaSettings(inst));
  for (const m of parsed(parsePodmanMachines(text(join(CAPTURES, 'podman', 'machine-ls-format-json.podman-docs-2021.json'))))) bags.push(podmanSettings(m));
  return new Set(bags.flatMap((b) => [...Object.keys(b.settings), ...Object.keys(b.source)]));
}

describe('the setting-key catalogue', () => {
  it('gives every key a label in English and Japanese, and the catalogues label no other key', () => {
    for (const lang of ['en', 'ja'] as const) {
      const { label } = settingTexts(lang);
      expect(Object.keys(label).sort(), lang).toEqual([...SETTING_KEYS].sort());
      for (const key of SETTING_KEYS) expect(label[key]?.trim(), `${lang} ${key}`).toBeTruthy();
    }
  });

  it('has the words of every worded value in both languages', () => {
    const worded = Object.values(SETTINGS).flatMap((s) => (s.value.kind === 'words' ? (s.value.worded ?? []) : []));
    expect(worded.length).toBeGreaterThan(0);
    for (const lang of ['en', 'ja'] as const) for (const v of worded) expect(settingTexts(lang).value[v]?.trim(), `${lang} ${v}`).toBeTruthy();
  });

  it('types the places that write and read settings with its keys: a misspelt key fails to compile', () => {
    const bag = new SettingsBag().set('vmType', 'vz', 'file');
    // @ts-expect-error -- not a setting key
    bag.set('vmTyp', 'vz', 'file');
    const rt = { settings: bag.settings } as RuntimeInfo;
    expect(settingText(rt, 'vmType')).toBe('vz');
    // @ts-expect-error -- not a setting key
    expect(settingText(rt, 'mounType')).toBeUndefined();
    // @ts-expect-error -- not a setting key
    expect(rt.settings.cpu).toBeUndefined();
  });

  it('knows every key the runtimes read from real captures, and shows each as a label, not as the key', () => {
    const keys = [...emittedKeys()];
    // The readers cover the common settings of several kinds (a check that the replay ran).
    expect(keys).toEqual(expect.arrayContaining(['vmType', 'mountType', 'cpus', 'memoryMiB', 'diskBus', 'mount9pMsizeKiB']));
    expect(keys.filter((k) => !isSettingKey(k))).toEqual([]);
    for (const k of keys) {
      expect(settingLabel(k, 'en'), k).not.toBe(k);
      expect(settingLabel(k, 'ja'), k).not.toBe(k);
    }
    // The 9p options Rancher Desktop reports read as words (they showed as their keys before the catalogue).
    expect(settingLabel('mount9pMsizeKiB', 'en')).toBe('9p message size (KiB)');
  });
});
