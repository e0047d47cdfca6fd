import type { TFunction } from 'i18next';
import type { DetectResult, RuntimeInfo } from '../../electron/contract/contract.js';

/** A runtime as the Environments view shows it: `checking` while a fresh detection has not yet answered for its kind. */
export interface ShownRuntime {
  runtime: RuntimeInfo;
  checking: boolean;
}

/**
 * What to show while a detection runs: kinds that already answered (fresh), and for the others the
 * last known runtimes marked "checking". A fresh entry keeps the last probe and findings of the same
 * id until the full result brings its own (they are computed after every kind has answered).
 */
export function shownRuntimes(last: DetectResult | null, fresh: Record<string, RuntimeInfo[]>, loading: boolean): ShownRuntime[] {
  const base = last?.runtimes ?? [];
  if (!loading) return base.map((runtime) => ({ runtime, checking: false }));
  const byId = new Map(base.map((r) => [r.id, r]));
  const kinds: string[] = [];
  for (const r of base) if (!kinds.includes(r.kind)) kinds.push(r.kind);
  for (const k of Object.keys(fresh)) if (!kinds.includes(k)) kinds.push(k);
  const out: ShownRuntime[] = [];
  for (const kind of kinds) {
    const answered = fresh[kind];
    if (!answered) {
      for (const runtime of base) if (runtime.kind === kind) out.push({ runtime, checking: true });
      continue;
    }
    for (const r of answered) {
      const old = byId.get(r.id);
      out.push({ runtime: { ...r, probe: r.probe ?? old?.probe, findings: r.findings.length > 0 ? r.findings : (old?.findings ?? []) }, checking: false });
    }
  }
  return out;
}

/** "12 s ago", "5 min ago", "3 h ago", "2 days ago": the age of a saved detection. */
export function fmtAge(savedAt: string, now: number = Date.now(), t?: TFunction<'ui'>): string {
  const sec = Math.max(0, Math.round((now - Date.parse(savedAt)) / 1000));
  const [unit, count] = !Number.isFinite(sec)
    ? ['unknown', 0]
    : sec < 60
      ? ['sec', sec]
      : sec < 3600
        ? ['min', Math.round(sec / 60)]
        : sec < 86400
          ? ['hour', Math.round(sec / 3600)]
          : ['day', Math.round(sec / 86400)];
  if (t) return t(`age.${unit}`, { count });
  if (unit === 'unknown') return 'some time ago';
  if (unit === 'day') return `${count} day${count === 1 ? '' : 's'} ago`;
  return `${count} ${unit === 'sec' ? 's' : unit === 'min' ? 'min' : 'h'} ago`;
}
