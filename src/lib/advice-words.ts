import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { Finding, MeasuredValue, RuntimeInfo } from '../../electron/contract/contract.js';
import { renderParts } from '../../electron/messages/finding-text.js';
import { isLang, translator, type Lang } from '../../electron/messages/i18n.js';
import { metricInfo } from '../../electron/measurement/metrics.js';
import { formatNumber, formatRatio } from '../../electron/presentation/format.js';
import { useCatalogue } from './catalogue-chunks';
import { i18n } from './i18n';

/** Settings with their own title in the advice catalogue (title.<setting>); others get title.other. */
const TITLED = new Set([
  'mountType',
  'vmType',
  'diskIo',
  'diskCache',
  'diskBus',
  'iothreads',
  'nicModel',
  'redisTransport',
  'fileWatcher',
  'dependencyFolders',
  'commandPlace',
  'mount9pMsizeKiB',
]);

/** The advice catalogue's translate function and the page's language, following the language switch (suspends until the page has that catalogue: it is not in the first load). */
export function useAdviceT(): { t: TFunction; lang: Lang } {
  const { t, i18n: inst } = useTranslation('advice', { i18n });
  const lang = isLang(inst.language) ? inst.language : 'en';
  useCatalogue(lang, 'advice');
  return { t, lang };
}

/** The finding's title in plain words ("Use virtiofs for Rancher Desktop's shared folders"). */
export function adviceTitle(f: Pick<Finding, 'setting' | 'recommended'>, rt: Pick<RuntimeInfo, 'name'>, lang: Lang = 'en'): string {
  const t = translator(lang);
  const rec = f.recommended === null || f.recommended === undefined ? '' : String(f.recommended);
  const values = { ns: 'advice', rec, name: rt.name, setting: f.setting };
  if (f.setting === 'vmType' && rec === 'vz') return t('title.vmTypeVz', values);
  return TITLED.has(f.setting) ? t(`title.${f.setting}`, values) : t('title.other', values);
}

/** The published number in one line: the evidence's first sentence (after "Published:" when the user's numbers come first). */
export function effectLine(f: Pick<Finding, 'evidence' | 'text'>, lang: Lang = 'en'): string {
  const parts = f.text?.evidence;
  if (!parts?.length) return firstSentence(f.evidence);
  const marked = parts.findIndex((p) => p.key === 'weigh.published');
  const rest = marked >= 0 ? parts.slice(marked + 1) : parts;
  return clip(renderParts(rest.slice(0, 1), lang));
}

/** The first English sentence of a stored text (findings without messages). */
function firstSentence(evidence: string): string {
  const published = evidence.includes('Published: ') ? evidence.slice(evidence.indexOf('Published: ') + 'Published: '.length) : evidence;
  return clip(published.split(/(?<=[.)])\s+(?=[A-Z])/)[0] ?? published);
}

function clip(s: string): string {
  return s.length > 240 ? `${s.slice(0, 239)}…` : s;
}

/** "yours: 0.08× this machine" (a place against native) or "yours: virtiofs 1.4× reverse-sshfs"; null without own numbers. */
export function yoursLine(f: Pick<Finding, 'measured' | 'current' | 'recommended'>, lang: Lang = 'en'): string | null {
  const t: TFunction = translator(lang);
  const m: MeasuredValue[] = f.measured ?? [];
  const rec = m.find((x) => x.settingValue !== undefined && String(x.settingValue) === String(f.recommended));
  const cur = m.find((x) => x.settingValue !== undefined && String(x.settingValue) === String(f.current));
  const names = { ns: 'advice', rec: String(f.recommended), cur: String(f.current) };
  // A time (dev-tree seconds): lower is better, so say how many times faster the recommendation was.
  if (rec && cur && rec.median > 0 && metricInfo(rec.metric).direction === 'lower')
    return t('yours.faster', { ...names, x: formatRatio(cur.median / rec.median, lang), test: rec.test });
  if (rec && cur && cur.median > 0) return t('yours.measured', { ...names, x: formatRatio(rec.median / cur.median, lang) });
  const place = m.find((x) => x.place !== 'native');
  const native = m.find((x) => x.place === 'native');
  if (place && native && native.median > 0)
    return t('yours.ofNative', { ns: 'advice', x: formatRatio(place.median / native.median, lang), test: place.test, place: place.place });
  if (place)
    return t('yours.value', {
      ns: 'advice',
      value: formatNumber(place.median, lang),
      unit: metricInfo(place.metric).unit,
      test: place.test,
      place: place.place,
    });
  return null;
}
