import type { MeasuredValue, MsgRef, Place, RuntimeInfo, TestId } from '../../../contract/contract.js';
import { msg } from '../../../messages/finding-text.js';
import type { SettingKey } from '../../../contract/setting-keys.js';
import { cite, round, type Drafted, type Measurements } from './types.js';

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
export function weighBy(setting: SettingKey, y: Yardstick): (f: Drafted, rt: RuntimeInfo, m: Measurements) => Drafted {
  return (f, rt, m) => {
    const better = (a: number, b: number): boolean => (y.higherIsBetter === false ? a < b : a > b);
    const measured: MeasuredValue[] = [];
    const byValue = m.bySetting(setting, y.test, y.place, y.metric);
    const cur = byValue.find((v) => String(v.settingValue) === String(f.current));
    const rec = byValue.find((v) => String(v.settingValue) === String(f.recommended));
    if (cur && rec) {
      measured.push(rec, cur);
      if (!better(rec.median, cur.median)) {
        return contradict(
          f,
          measured,
          msg('weigh.disagree', { setting, recommended: String(f.recommended), rec: cite(rec, y.unit), current: String(f.current), cur: cite(cur, y.unit) }),
        );
      }
      return support(
        f,
        measured,
        msg('weigh.agree', { recommended: String(f.recommended), rec: cite(rec, y.unit), current: String(f.current), cur: cite(cur, y.unit) }),
      );
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
          return contradict(
            f,
            measured,
            msg('weigh.nearNative', { latest: cite(latest, y.unit), pct: round(ratio * 100), native: cite(native, y.unit), setting }),
          );
        }
        return support(f, measured, msg('weigh.ofNative', { latest: cite(latest, y.unit), pct: round(ratio * 100), native: cite(native, y.unit) }));
      }
    }
    // Not a verdict against native here (a guest disk is not expected to match it), but shown beside it.
    const native = m.native(y.test, y.metric, latest.runId);
    if (native && native.median > 0) measured.push(native);
    const mine = { setting, current: String(f.current), latest: cite(latest, y.unit) };
    return support(
      f,
      measured,
      native && native.median > 0 ? msg('weigh.currentWithNative', { ...mine, native: cite(native, y.unit) }) : msg('weigh.current', mine),
    );
  };
}

/** The user's numbers first, then the published evidence they overrule. */
export function contradict(f: Drafted, measured: MeasuredValue[], why: MsgRef): Drafted {
  return { ...f, severity: 'info', text: { ...f.text, evidence: [why, msg('weigh.published'), ...f.text.evidence] }, measured, alreadyFine: true };
}

/** The published evidence, then the user's numbers that agree with it. */
export function support(f: Drafted, measured: MeasuredValue[], note: MsgRef): Drafted {
  return { ...f, text: { ...f.text, evidence: [...f.text.evidence, note] }, measured };
}
