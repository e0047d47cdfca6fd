/** The team table's "what the fastest setup uses" line, shared by the exports and the renderer (no Node imports). */
import type { TeamTable } from '../contract/contract.js';
import { formatSettingValue } from './format.js';
import { translator, type Lang } from '../messages/i18n.js';

/** "What the fastest setup uses": the settings of the best row that differ from the worst's, in a language. */
export function fastestLine(table: TeamTable, lang: Lang = 'en'): string | null {
  if (!table.fastest) return null;
  const t = translator(lang);
  const best = table.rows[table.fastest.best];
  const parts = table.fastest.settings.map((s) => `${s.setting} ${formatSettingValue(s.best)} (${t('report:team.vs')} ${formatSettingValue(s.worst)})`);
  return t('report:team.fastest', { machine: best.machine, target: best.target, settings: parts.length ? parts.join(', ') : t('report:team.sameSettings') });
}
