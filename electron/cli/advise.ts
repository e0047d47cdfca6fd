import type { DetectResult, Finding } from '../contract/contract.js';
import type { Engine } from '../engine/api.js';
import { findingText } from '../messages/finding-text.js';
import { MISSING, formatFactor, formatSettingValue } from '../presentation/format.js';
import { print } from './output.js';
import { translator, type Lang } from '../messages/i18n.js';
import { call } from './commands.js';
import { formatTable } from './table.js';
import { jsonText } from '../presentation/terminal-safe.js';

/**
 * The first sentence of a finding's evidence, for one table line (English sentences end at ". X", Japanese at "。").
 * A sentence cut short keeps its source: a citation "(who, where, year: conditions" as the advice catalogue writes
 * it ("(killinsun, Zenn, 2023 or later: …", "（d.ballade.jp、2010 年: …"), or the ddev and paolomainardi figures.
 */
export function oneLine(evidence: string, max = 110): string {
  const first = evidence.split(/(?<=[.)])\s+(?=[A-Z])|(?<=。)/)[0] ?? evidence;
  if (first.length <= max) return first;
  const source = /[(（]([^()（）:：]+?[,、]\s?(?:19|20)\d{2}[^()（）:：]*)[:：]|[(（](ddev|paolomainardi)/.exec(first);
  const tag = source ? ` (${source[1] ?? source[2]})` : '';
  return `${first.slice(0, max - 1 - tag.length).trimEnd()}…${tag}`;
}

/** "×7.00 (yours)", "×1.15 (published)", "already fine (yours)" or "—", in a language. */
export function gainText(f: Pick<Finding, 'gain' | 'gainSource' | 'alreadyFine'>, lang: Lang = 'en'): string {
  const t = translator(lang);
  if (f.alreadyFine) return t('advise.fine', { ns: 'advice' });
  if (f.gain === null || f.gain === undefined) return MISSING;
  const x = formatFactor(f.gain, lang);
  return t(f.gainSource === 'measured' ? 'advise.gainYours' : 'advise.gainPublished', { ns: 'advice', x });
}

/** `vmbench advise`: every finding of every runtime found (detection plus stored runs), in the CLI's language (--json stays as stored). */
export async function cmdAdvise(engine: Engine, json: boolean, lang: Lang = 'en'): Promise<number> {
  const t = translator(lang);
  const detected = await call<DetectResult>(engine, 'detect');
  const findings: Finding[] = detected.runtimes.flatMap((r) => r.findings ?? []).sort((a, b) => (a.rank ?? 0) - (b.rank ?? 0));
  if (json) {
    print(jsonText({ findings }) + '\n');
    return 0;
  }
  if (!findings.length) {
    print(t('advise.none', { ns: 'advice', count: detected.runtimes.length }) + '\n');
    return 0;
  }
  const rows = findings.map((f) => [
    String(f.rank ?? ''),
    f.id,
    `${formatSettingValue(f.current)} → ${formatSettingValue(f.recommended)}`,
    gainText(f, lang),
    t(`severity.${f.severity}`, { ns: 'advice' }),
    oneLine(findingText(f, lang).evidence),
  ]);
  const head = [
    '#',
    'id',
    t('advise.colChange', { ns: 'advice' }),
    t('advise.colExpected', { ns: 'advice' }),
    t('advise.colSeverity', { ns: 'advice' }),
    t('advise.colEvidence', { ns: 'advice' }),
  ];
  print(formatTable(head, rows) + '\n');
  print(t('advise.more', { ns: 'advice' }) + '\n');
  return 0;
}
