import type { JSX } from 'react';

/** First visit (no run stored yet): what vmbench does and what "Benchmark my setup" will do, in three steps. */
export function Welcome({ runs }: { runs: number }): JSX.Element | null {
  if (runs > 0) return null;
  return (
    <section className="card welcome" aria-labelledby="welcome-title" data-testid="welcome">
      <h2 id="welcome-title">Why is my setup slow, and what should I change?</h2>
      <ol>
        <li>
          <strong>Benchmark my setup</strong> runs the same disk tests on this machine (the native baseline) and inside each runtime you tick below, in its shared folder and on
          its own disk. Nothing is installed in your guests; the test files are removed afterwards.
        </li>
        <li>
          <strong>Results</strong> shows each place as a ratio of this machine, with the spread of the trials; <strong>Compare</strong> tells a real change from noise.
        </li>
        <li>
          <strong>What to change</strong> ranks the settings worth changing by the gain expected here, with the evidence; nothing changes without your confirmation, and every
          change is backed up first.
        </li>
      </ol>
    </section>
  );
}
