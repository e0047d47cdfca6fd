/**
 * The write-back settle a disk script reports before its first trial (lib.sh vb_settle): its
 * result's params carry settleMs, settled, settleLimitS, settleSync and, where /proc/meminfo was
 * readable, settleLeftKiB. Here it becomes a clause of the result's method and, when the medium did
 * not settle, a warning (a non-failure step error) in both languages.
 */
import type { Place, TestError, TestId } from '../../contract/contract.js';
import { msg } from '../../messages/finding-text.js';
import { withEnglish } from '../../messages/message-english.js';
import { NOT_SETTLED } from '../../contract/run-status.js';

/** The settle report read from a result's params; undefined when the script did not settle. */
export interface SettleReport {
  ms: number;
  settled: boolean;
  limitS: number;
  /** Dirty + Writeback at the end, KiB; undefined where /proc/meminfo could not be read (macOS). */
  leftKiB?: number;
  /** Whether `sync` returned within the limit. */
  sync: boolean;
}

function num(v: unknown): number | undefined {
  return typeof v === 'number' && Number.isFinite(v) && v >= 0 ? v : undefined;
}

/** The settle report in a result's params, if the script made one. */
export function settleReport(params: Record<string, unknown> | undefined): SettleReport | undefined {
  const ms = num(params?.settleMs);
  if (ms === undefined || typeof params?.settled !== 'boolean') return undefined;
  return {
    ms,
    settled: params.settled,
    limitS: num(params.settleLimitS) ?? 30,
    leftKiB: num(params.settleLeftKiB),
    sync: params.settleSync !== false,
  };
}

const secs = (ms: number): string => (ms / 1000).toFixed(1);
const mib = (kib: number): string => (kib / 1024).toFixed(1);

/** The method clause (English, as every method text): how long write-back took to settle, or that it did not. */
export function settleMethod(r: SettleReport): string {
  if (r.leftKiB === undefined) {
    return r.settled
      ? `write-back not measurable here (no /proc/meminfo): sync returned in ${secs(r.ms)} s before the first trial`
      : `write-back not measurable here (no /proc/meminfo) and sync had not returned within ${r.limitS} s before the first trial: the numbers may be low`;
  }
  if (r.settled) return `write-back settled in ${secs(r.ms)} s before the first trial (sync, then Dirty+Writeback ${mib(r.leftKiB)} MiB)`;
  return `write-back did not settle within ${r.limitS} s before the first trial (Dirty+Writeback still ${mib(r.leftKiB)} MiB${r.sync ? '' : ', sync still running'}): the numbers may be low`;
}

/** The warning of a step whose medium did not settle (its catalogue reference, and the English message derived from it), else undefined. */
export function settleWarning(test: TestId, place: Place, r: SettleReport): TestError | undefined {
  if (r.settled) return undefined;
  const left = r.leftKiB === undefined ? undefined : mib(r.leftKiB);
  const ref = left === undefined ? msg('errors.notSettledSync', { s: r.limitS }) : msg('errors.notSettled', { s: r.limitS, mib: left });
  return { test, place, code: NOT_SETTLED, ...withEnglish(ref) };
}
