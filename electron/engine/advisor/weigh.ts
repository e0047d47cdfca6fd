import type { Finding, MeasuredValue, Place, RuntimeInfo, TestId } from '../../contract.js';
import { cite, round, type Measurements } from './types.js';

/** Which of the user's measurements a rule is judged by. */
export interface Yardstick {
  test: TestId;
  place: Place;
  metric: string;
  unit: string;
  /** Higher is better (true for throughput, IOPS, requests/s). */
  higherIsBetter?: boolean;
  /** Compare against the host's native number: within 10% means the change buys nothing. */
  againstNative?: boolean;
}

/** Share of native under which a shared folder still has room to improve. */
export const NATIVE_MARGIN = 0.9;

/**
 * The user's own numbers win: a measurement that contradicts the published evidence lowers the
 * finding to info and says why; one that supports it is quoted beside the published number.
 */
export function weighBy(setting: string, y: Yardstick): (f: Finding, rt: RuntimeInfo, m: Measurements) => Finding {
  return (f, rt, m) => {
    const better = (a: number, b: number): boolean => (y.higherIsBetter === false ? a < b : a > b);
    const measured: MeasuredValue[] = [];
    const byValue = m.bySetting(setting, y.test, y.place, y.metric);
    const cur = byValue.find((v) => String(v.settingValue) === String(f.current));
    const rec = byValue.find((v) => String(v.settingValue) === String(f.recommended));
    if (cur && rec) {
      measured.push(rec, cur);
      if (!better(rec.median, cur.median)) {
        return contradict(f, measured, `Your own numbers disagree: with ${setting}=${String(f.recommended)} you measured ${cite(rec, y.unit)}, with ${String(f.current)} ${cite(cur, y.unit)}; the published figure does not hold on this machine, so it is not recommended.`);
      }
      return support(f, measured, `Your machine agrees: ${String(f.recommended)} ${cite(rec, y.unit)} vs ${String(f.current)} ${cite(cur, y.unit)}.`);
    }
    const latest = m.latest(y.test, y.place, y.metric);
    if (!latest) return f;
    measured.push(latest);
    if (y.againstNative) {
      const native = m.native(y.test, y.metric, latest.runId);
      if (native && native.median > 0) {
        measured.push(native);
        const ratio = latest.median / native.median;
        if (y.higherIsBetter !== false ? ratio >= NATIVE_MARGIN : ratio <= 1 / NATIVE_MARGIN) {
          return contradict(f, measured, `Your own numbers: ${cite(latest, y.unit)} is already ${round(ratio * 100)}% of native ${cite(native, y.unit)} (within 10%), so changing ${setting} buys little here.`);
        }
        return support(f, measured, `Your machine: ${cite(latest, y.unit)} = ${round(ratio * 100)}% of native ${cite(native, y.unit)}.`);
      }
    }
    // Not a verdict against native here (a guest disk is not expected to match it), but shown beside it.
    const native = m.native(y.test, y.metric, latest.runId);
    if (native && native.median > 0) measured.push(native);
    return support(f, measured, `Your machine with ${setting}=${String(f.current)}: ${cite(latest, y.unit)}${native && native.median > 0 ? ` (this machine: ${cite(native, y.unit)})` : ''}.`);
  };
}

function contradict(f: Finding, measured: MeasuredValue[], why: string): Finding {
  return { ...f, severity: 'info', evidence: `${why} Published: ${f.evidence}`, measured, alreadyFine: true };
}

function support(f: Finding, measured: MeasuredValue[], note: string): Finding {
  return { ...f, evidence: `${f.evidence} ${note}`, measured };
}
