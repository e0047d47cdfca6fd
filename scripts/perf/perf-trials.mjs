// `npm run perf`, adaptive trials: from a stored quick run of This machine, each test's primary metric's
// 95% interval (the verdicts' interval) after the suite's minimum of trials — what the run would have given without
// adaptive trials — and after the trials it took, with the count and why it stopped; and the time the added trials cost
// (the run's steps without them are their first script runs, result.timing).

const pct = (w) => (w === null || w === undefined ? 'n/a' : `±${(w * 100).toFixed(1)}%`);

/** Lines describing the adaptive trials of `run` (a stored run, as `vmbench run --json` writes it). */
export function trialsPerf(run) {
  const lines = [];
  let first = 0;
  for (const t of run.targets) {
    for (const r of t.results) {
      first += r.timing?.sec ?? 0;
      const rec = r.trials;
      if (!rec) {
        lines.push(`${r.test} ${r.place}: no adaptive record (${Object.values(r.metrics)[0]?.n ?? '?'} trials)`);
        continue;
      }
      lines.push(
        `${r.test} ${r.place} ${rec.metric}: without adaptive (${rec.minTrials} trials) ${pct(rec.widths[0])}, with adaptive (${rec.taken} of ${rec.minTrials}–${rec.maxTrials} trials) ${pct(rec.widths.at(-1))}; target ±${(rec.target * 100).toFixed(0)}%, ${rec.stop}`,
      );
    }
  }
  const all = (new Date(run.finishedAt).getTime() - new Date(run.startedAt).getTime()) / 1000;
  lines.push(
    `time: whole run ${all.toFixed(1)} s; the steps' first script runs (the minimum of trials) ${first.toFixed(1)} s, so added trials and the probe took ${(all - first).toFixed(1)} s`,
  );
  return lines;
}
