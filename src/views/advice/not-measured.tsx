import type { JSX } from 'react';
import type { DetectResult, RunSummary } from '../../../electron/contract/contract.js';
import { targetLabel } from '../../../electron/presentation/headline.js';
import { useAdviceT } from '../../lib/advice-words';
import { startRun } from '../../store/actions';
import { useAppStore } from '../../store/app-store';

/** The detected runtimes with a target that no stored run measured (This machine included), in detection order. */
export function notMeasured(detect: DetectResult, runs: readonly RunSummary[]): DetectResult['runtimes'] {
  const measured = new Set(runs.flatMap((r) => r.targets));
  return detect.runtimes.filter((rt) => rt.targets.length > 0 && !rt.targets.some((tg) => measured.has(tg.id)));
}

/**
 * What to change for runtimes never benchmarked: their names, that advice for them can only use
 * published numbers, and a button that benchmarks them (with This machine as the baseline).
 */
export function NotMeasured({ detect }: { detect: DetectResult }): JSX.Element | null {
  const { t, lang } = useAdviceT();
  const list = useAppStore((s) => s.runs);
  const busy = useAppStore((s) => s.starting || Boolean(s.activeJobId && s.jobs.jobs[s.activeJobId]?.status === 'running'));
  const missing = notMeasured(detect, list?.runs ?? []);
  if (missing.length === 0) return null;
  const names = missing
    .map((rt) => (rt.id === 'local' ? targetLabel({ id: 'local', label: rt.name }, lang) : rt.name))
    .join(t('common:listSeparator', { defaultValue: ', ' }));
  const local = detect.runtimes.find((rt) => rt.id === 'local');
  const targets = [...new Set([...(local ? local.targets.map((tg) => tg.id) : []), ...missing.flatMap((rt) => rt.targets.map((tg) => tg.id))])];
  return (
    <div className="banner banner-warn not-measured" data-testid="not-measured" data-runtimes={missing.map((rt) => rt.id).join(' ')}>
      <p className="banner-text">{t('view.notMeasured', { count: missing.length, names })}</p>
      <button type="button" className="btn btn-accent" data-testid="benchmark-unmeasured" disabled={busy} onClick={() => void startRun(undefined, { targets })}>
        {t('view.benchmarkThem', { count: missing.length })}
      </button>
    </div>
  );
}
