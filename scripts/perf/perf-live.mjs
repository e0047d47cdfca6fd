// `npm run perf`, live numbers and honest progress: on a page of `vmbench web` showing This
// machine, click Benchmark my setup (This machine only, quick suite) with Results open and measure
//  - the first-number latency: click -> the first trial value on screen (live numbers chip, Results chart);
//  - the plan's estimate shown before the run (run-plan-total, once the engine's run.estimate answered) ÷ the run's
//    actual duration (click -> finished), and whether that estimate came from past runs here or the static plan;
//  - where the running ETA said its estimate came from.
// Times are read on the page's own clock (performance.now()), not when Playwright's polling notices.

/** Runs the quick suite from the UI on `page` (already open) and prints the figures through `out`. */
export async function liveRunPerf({ page, out }) {
  await page.waitForFunction(() => document.querySelector('[data-testid="refresh-button"]')?.hasAttribute('disabled') === false, undefined, {
    timeout: 120_000,
  });
  for (const box of await page.locator('input[type="checkbox"][data-testid^="target-"]:not([data-testid="target-local"]):checked').all()) await box.uncheck();
  await page.getByTestId('suite-select').selectOption('quick');
  // The engine's figure (run-estimate.ts), not the static plan the page shows until it answers.
  const total = page.locator('[data-testid="run-plan-total"][data-ready="true"]');
  await total.waitFor({ timeout: 60_000 });
  const estimate = Number(await total.getAttribute('data-seconds'));
  const from =
    (await total.getAttribute('data-source')) === 'history'
      ? `from past runs here: "${(await page.getByTestId('run-plan-source').textContent()).replace(/^\s*·\s*/, '')}"`
      : 'from the static plan (no past run of these steps here)';
  await page.getByTestId('nav-results').click();
  await page.evaluate(() => {
    const w = window;
    document.querySelector('[data-testid="benchmark-button"]').addEventListener('click', () => (w.__perfClick = performance.now()), { capture: true });
    new MutationObserver(() => {
      if (w.__perfClick === undefined) return;
      const now = performance.now();
      if (w.__perfChip === undefined && document.querySelector('[data-testid="live-numbers"] .chip')) w.__perfChip = now;
      if (w.__perfChart === undefined && document.querySelector('[data-live="true"] [data-testid="whisker"]')) w.__perfChart = now;
      if (w.__perfSource === undefined && document.querySelector('[data-testid="eta-source"]'))
        w.__perfSource = document.querySelector('[data-testid="eta-source"]').textContent;
      if (w.__perfDone === undefined && document.querySelector('[data-testid="run-status"]')) w.__perfDone = now;
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
  await page.getByTestId('benchmark-button').click();
  await page.waitForFunction(() => window.__perfDone !== undefined, null, { timeout: 900_000 });
  const r = await page.evaluate(() => ({
    click: window.__perfClick,
    chip: window.__perfChip,
    chart: window.__perfChart,
    done: window.__perfDone,
    source: window.__perfSource,
  }));
  const status = await page.getByTestId('run-status').getAttribute('data-status');
  const since = (t) => (t === undefined ? 'never' : `${((t - r.click) / 1000).toFixed(1)} s`);
  const actual = (r.done - r.click) / 1000;
  out(`first number on screen after the click (goal <= 5 s): live numbers ${since(r.chip)}, Results chart ${since(r.chart)}`);
  out(
    `plan estimate shown before the run ÷ actual duration (goal 0.75–1.25 on a quiet machine): ${estimate} s ÷ ${actual.toFixed(1)} s = ${(estimate / actual).toFixed(2)} (the estimate ${from}; run ${status}; the running ETA was ${r.source ?? 'not shown'})`,
  );
}
