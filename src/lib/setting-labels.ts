import type { SettingSource } from '../../electron/contract/contract.js';
import { translator, type Lang } from '../../electron/messages/i18n.js';
import { formatMiB } from '../../electron/presentation/format.js';
import { isSettingKey, settingLabelKey, settingSpec, type SettingValueKind } from '../../electron/contract/setting-keys.js';
import { fmtValue } from './format';
import { uiLang } from './i18n';

/** A setting's value in words ("6 GiB", "QEMU", "On"/オン), as its kind in the catalogue says; null when it has no words for this value. */
function valueWords(value: SettingValueKind, v: unknown, lang: Lang): string | null {
  const t = translator(lang);
  switch (value.kind) {
    case 'mib':
      return typeof v === 'number' ? formatMiB(v, lang) : null;
    case 'gib':
      return typeof v === 'number' ? `${v} GiB` : null;
    case 'onOff':
      return typeof v === 'boolean' ? t(v ? 'ui:setting.on' : 'ui:setting.off') : null;
    case 'words':
      // Product and protocol names stay as they are; the few values that are words come from the ui catalogue.
      if (typeof v !== 'string') return null;
      if (value.worded?.includes(v)) return t(`ui:setting.value.${v}`);
      return value.plain?.[v] ?? null;
    case 'plain':
      return null;
  }
}

/** The human label of a setting key in the page's language ("memoryMiB" -> "Memory", メモリー); a key the catalogue does not know shows as itself. */
export function settingLabel(key: string, lang: Lang = uiLang()): string {
  return isSettingKey(key) ? translator(lang)(settingLabelKey(key)) : key;
}

/** A setting's value in words ("6 GiB", "QEMU", "On"/オン); falls back to the plain value. */
export function settingValue(key: string, v: unknown, lang: Lang = uiLang()): string {
  const spec = settingSpec(key);
  return (spec ? valueWords(spec.value, v, lang) : null) ?? fmtValue(v);
}

const SOURCES: readonly string[] = ['file', 'cli', 'default', 'guest', 'vagrantfile', 'provider'] satisfies SettingSource[];

/** Where a value came from, in the page's language: a short chip text and a sentence for its tooltip; null for a source it cannot name. */
export function sourceWords(source: SettingSource | undefined, lang: Lang = uiLang()): { chip: string; long: string } | null {
  if (!source || !SOURCES.includes(source)) return null;
  const t = translator(lang);
  return { chip: t(`ui:setting.source.${source}.chip`), long: t(`ui:setting.source.${source}.long`) };
}
