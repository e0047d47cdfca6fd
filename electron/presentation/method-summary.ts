/**
 * A short description of how a disk result was measured, in the reader's language, made from the
 * result's parameters (the results table, the Markdown export's method section). The bench script's
 * exact method text stays in result.tool.method and the command in result.command.
 */
import type { TestResult } from '../contract/contract.js';
import { formatNumber } from './format.js';
import { translator, type Lang } from '../messages/i18n.js';
import { testSpec } from '../contract/test-catalogue.js';

/** A block size in KiB from "1M", "4k" or "4096" (bytes), as older runs wrote it. */
function kib(v: unknown): number | undefined {
  const m = typeof v === 'string' ? /^(\d+)\s*([kmg]?)$/i.exec(v.trim()) : null;
  if (!m) return undefined;
  const unit = m[2].toLowerCase();
  return unit === 'g' ? Number(m[1]) * 1048576 : unit === 'm' ? Number(m[1]) * 1024 : unit === 'k' ? Number(m[1]) : Number(m[1]) / 1024;
}

const numOf = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);

/** The summary of a seq-write, seq-read, rand-read or small-files result; for any other test, or one without its parameters, the script's own method text. */
export function methodSummary(result: Pick<TestResult, 'test' | 'tool' | 'params'>, lang: Lang): string {
  const needs = testSpec(result.test)?.method; // the parameters its summary needs (a result without them keeps the script's own text)
  if (!needs) return result.tool.method;
  const p = result.params;
  const values: Record<string, number | undefined> = {
    bs: numOf(p.bsKiB) ?? kib(p.bs),
    size: numOf(p.sizeMiB),
    depth: numOf(p.iodepth),
    runtime: numOf(p.runtimeS) ?? numOf(p.runtimeSec),
    files: numOf(p.files),
    bytes: numOf(p.sizeBytes) ?? (numOf(p.sizeKiB) === undefined ? undefined : numOf(p.sizeKiB)! * 1024),
  };
  if (needs.some((k) => values[k] === undefined)) return result.tool.method;
  const t = translator(lang);
  const how = typeof p.direct === 'boolean' ? t(p.direct ? 'common:methodSummary.direct' : 'common:methodSummary.buffered') : '';
  const words = Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v === undefined ? '' : formatNumber(v, lang)]));
  return t(`common:methodSummary.${result.test}`, { ...words, how });
}
