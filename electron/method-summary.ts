/**
 * A short description of how a disk result was measured, in the reader's language, made from the
 * result's parameters (the results table, the Markdown export's method section). The bench script's
 * exact method text stays in result.tool.method and the command in result.command.
 */
import type { TestResult } from './contract.js';
import { formatNumber, translator, type Lang } from './i18n.js';

const DESCRIBED = new Set(['seq-write', 'seq-read', 'rand-read', 'small-files']);

/** The summary of a seq-write, seq-read, rand-read or small-files result; for any other test, the script's own method text. */
export function methodSummary(result: Pick<TestResult, 'test' | 'tool' | 'params'>, lang: Lang): string {
  if (!DESCRIBED.has(result.test)) return result.tool.method;
  const t = translator(lang);
  const p = result.params;
  const num = (k: string): string => (typeof p[k] === 'number' ? formatNumber(lang, p[k]) : '?');
  const how = typeof p.direct === 'boolean' ? t(p.direct ? 'common:methodSummary.direct' : 'common:methodSummary.buffered') : '';
  const text = t(`common:methodSummary.${result.test}`, {
    tool: result.tool.name,
    bs: num('bsKiB'),
    size: num('sizeMiB'),
    depth: num('iodepth'),
    runtime: num('runtimeS'),
    files: num('files'),
    bytes: num('sizeBytes'),
    how,
  });
  return text;
}
