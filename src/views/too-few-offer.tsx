import type { JSX } from 'react';
import type { Comparison } from '../../electron/contract';
import { startRun } from '../store/actions';
import { useAppStore } from '../store/app-store';

/** When trials were too few to decide (or only large changes could show), offers a re-run of the after side with the thorough suite. */
export function TooFewOffer({ comparison }: { comparison: Comparison }): JSX.Element | null {
  const running = useAppStore((s) => Boolean(s.activeJobId && s.jobs.jobs[s.activeJobId]?.status === 'running'));
  const { summary, b, a } = comparison;
  const fewTrials = comparison.rows.some((r) => r.verdict === 'noise' && Math.min(r.nA, r.nB) < 5);
  if (b.suite === 'thorough' || (summary.undecided === 0 && !fewTrials)) return null;
  const text =
    summary.undecided > 0
      ? `${summary.undecided} metric${summary.undecided === 1 ? ' has' : 's have'} too few trials to decide.`
      : 'With few trials, only large changes can be told from noise.';
  return (
    <p className="banner banner-warn too-few" data-testid="too-few-offer">
      <span className="banner-text">
        {text} The thorough suite runs 7 trials per test, which narrows the interval (the before run keeps its own trials).
      </span>
      <button type="button" className="btn" disabled={running} onClick={() => void startRun('thorough', { targets: b.targets, tests: b.tests, before: a.id })}>
        Re-run after with thorough
      </button>
    </p>
  );
}
