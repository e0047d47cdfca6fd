/** Results of a run in progress (built from its events) and the unstable-metric notice with its re-run offer. */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { JobEvent, PlanStep } from '../../electron/contract/contract.js';
import { throughputData } from '../../src/lib/run-data';
import { unstableMetrics } from '../../electron/presentation/unstable.js';
import { useAppStore, initialAppData } from '../../src/store/app-store';
import { initialJobs, reduceJobEvent } from '../../src/store/job-reducer';
import { liveJob, liveRun } from '../../src/store/live-run';
import { UnstableNotice } from '../../src/views/results/unstable-notice';
import { LiveHistoryNote } from '../../src/views/history/live-history-note';
import { LiveNumbers } from '../../src/components/live-numbers';
import { createProgressPrinter } from '../../electron/cli/progress.js';
import type { TrialsRecord } from '../../electron/contract/contract.js';
import { readFileSync } from 'node:fs';
import type { Run } from '../../electron/contract/contract.js';
import { runTable } from '../../electron/cli/summary.js';
import { runToJson, runToMarkdown } from '../../electron/engine/report/index.js';
import type { UnstableReport } from '../../electron/presentation/unstable.js';
import { RunControls } from '../../src/components/run-controls';
import { RunPlan, plannedTargets } from '../../src/components/run-plan';
import { formatAboutRange } from '../../electron/presentation/format.js';
import { i18n } from '../../src/lib/i18n';
import { TooFewOffer } from '../../src/views/compare/too-few-offer';
import { compareRuns } from '../../electron/engine/compare.js';
import { SCRIPT_TESTS, targetEstimateSec, targetMaxEstimateSec, trialsPlan } from '../../electron/measurement/plan-estimate.js';
import { inLang } from '../helpers/in-lang.js';
import { makeRun, result } from '../helpers/make-run.js';

const plan: PlanStep[] = [
  { target: 'local', place: 'native', test: 'seq-write', trials: 3, estimateSec: 5 },
  { target: 'local', place: 'native', test: 'seq-read', trials: 3, estimateSec: 6 },
];
const events: JobEvent[] = [
  { jobId: 'j', seq: 1, type: 'job-started', spec: { suite: 'quick' }, plan, startedAt: '2026-01-01T00:00:00Z' },
  { jobId: 'j', seq: 2, type: 'result', target: 'local', result: result('seq-write', 'native', { write_MBps: [900, 1000, 1100] }) },
  { jobId: 'j', seq: 3, type: 'sample', target: 'local', place: 'native', test: 'seq-read', trial: 1, metric: 'read_MBps', value: 1500 },
  { jobId: 'j', seq: 4, type: 'sample', target: 'local', place: 'native', test: 'seq-read', trial: 2, metric: 'read_MBps', value: 1200 },
];
const jobs = events.reduce(reduceJobEvent, initialJobs);

describe('the live run', () => {
  it("holds the finished steps and the current step's trials so far, with their min and max for the whiskers", () => {
    const run = liveRun(jobs.jobs.j, { local: 'This machine' });
    const rows = throughputData(run);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ write_MBps: 1000, write_MBps_min: 900, write_MBps_max: 1100, write_MBps_n: 3 });
    expect(rows[0]).toMatchObject({ read_MBps: 1350, read_MBps_min: 1200, read_MBps_max: 1500, read_MBps_n: 2 });
    // The table lists finished steps only.
    expect(liveRun(jobs.jobs.j, {}, false).targets[0].results.map((r) => r.test)).toEqual(['seq-write']);
  });

  it('is what Results shows while the active job runs and until its stored run is loaded, unless the user picked a stored run', () => {
    const base = { ...initialAppData(), jobs, activeJobId: 'j' };
    expect(liveJob(base)?.jobId).toBe('j');
    expect(liveJob({ ...base, liveHiddenFor: 'j' })).toBeNull();
    const done = reduceJobEvent(jobs, { jobId: 'j', seq: 5, type: 'job-finished', status: 'completed', runId: 'r1' });
    expect(liveJob({ ...base, jobs: done })?.status).toBe('completed');
    expect(liveJob({ ...base, jobs: done, runCache: { r1: makeRun('r1', '2026-01-01T00:00:00Z', []) } })).toBeNull();
    expect(liveJob({ ...base, activeJobId: null })).toBeNull();
  });
});

describe('the run in progress in History', () => {
  it('is marked live with its steps while it runs, and gone once it ended', () => {
    const html = renderToStaticMarkup(<LiveHistoryNote job={jobs.jobs.j} />);
    expect(html).toContain('data-testid="live-marker"');
    expect(html).toContain('A run is in progress (1/2 steps)');
    const ended = reduceJobEvent(jobs, { jobId: 'j', seq: 5, type: 'job-finished', status: 'completed', runId: 'r1' });
    expect(renderToStaticMarkup(<LiveHistoryNote job={ended.jobs.j} />)).toBe('');
  });
});

describe('unstable metrics in Results', () => {
  const run = makeRun('r', '2026-01-01T00:00:00Z', [
    result('seq-read', 'native', { read_MBps: [813, 1300, 1796] }),
    result('seq-write', 'native', { write_MBps: [1000, 1050, 1100] }),
  ]);
  run.finishedAt = '2026-01-01T00:25:10Z';

  it('flags a headline metric whose trials spread wider than ±15% of the median, with its range', () => {
    const u = unstableMetrics(run);
    expect(u.map((x) => x.metric)).toEqual(['read_MBps']);
    expect(u[0].spread).toBeCloseTo((1796 - 813) / 2 / 1300, 6);
  });

  it('shows the range and spread and offers a re-run of the same plan, in English and Japanese', () => {
    useAppStore.setState(initialAppData());
    const en = renderToStaticMarkup(<UnstableNotice run={run} />);
    expect(en).toContain('1 number varied more than ±15% between its trials');
    expect(en).toMatch(/813–1,796 MB\/s \(±38%, 3 trials\)/);
    expect(en).toContain('data-testid="unstable-rerun"');
    expect(en).toContain('Run the same plan again');
    const ja = inLang('ja', () => renderToStaticMarkup(<UnstableNotice run={run} />));
    expect(ja).toContain('同じ計画でもう一度実行');
    expect(ja).toMatch(/813–1,796 MB\/s（±38%、試行 3 回）/);
    expect(
      renderToStaticMarkup(<UnstableNotice run={makeRun('s', '2026-01-01T00:00:00Z', [result('seq-write', 'native', { write_MBps: [1000, 1050, 1100] })])} />),
    ).toBe('');
  });
});

describe('the one unstable rule in every face, on a recorded quick run (3 fixed trials, no trials record)', () => {
  // aa-quick-a: a real quick run of This machine under load; small-files creates 23,250–62,125/s around 28,791 (±68%).
  const run = JSON.parse(readFileSync(new URL('../fixtures/runs/aa-quick-a.json', import.meta.url), 'utf8')) as Run;
  const wide = ['seq-write write_MBps', 'seq-read read_MBps', 'rand-read read_iops', 'small-files create_per_s'];

  it('marks each primary metric whose trials spread wider than ±15% of the median, the same list for Results, the CLI, JSON and Markdown', () => {
    expect(unstableMetrics(run).map((u) => `${u.test} ${u.metric}`)).toEqual(wide);
    useAppStore.setState(initialAppData());
    const ui = renderToStaticMarkup(<UnstableNotice run={run} />);
    expect(ui).toContain('4 numbers varied more than ±15% between their trials');
    expect(ui).toContain('Create files · This machine · native: 23,250–62,125 files/s (±68%, 3 trials)');
    for (const lang of ['en', 'ja'] as const) {
      const table = runTable(run, lang);
      const md = runToMarkdown(run, undefined, lang);
      if (lang === 'en') {
        expect(table).toContain('! 4 numbers varied more than ±15% between their trials; they may not be what this setup usually gives:');
        expect(table).toContain('  Create files · This machine · native: 23,250–62,125 files/s (±68%, 3 trials)');
        expect(md).toContain('**4 numbers varied more than ±15% between their trials; they may not be what this setup usually gives:**');
        expect(md).toContain('- Create files · This machine · native: 23,250–62,125 files/s (±68%, 3 trials)');
      } else {
        expect(table).toContain('! 4 件の数値が試行間で ±15% を超えてばらつきました');
        expect(table).toMatch(/ · このマシン · ネイティブ：23,250–62,125 \S+（±68%、試行 3 回）/);
        expect(md).toMatch(/^- .+ · このマシン · ネイティブ：23,250–62,125 \S+（±68%、試行 3 回）$/m);
      }
      expect(table.split('\n').filter((l) => /±\d+%, 3 trials|試行 3 回）/.test(l))).toHaveLength(4);
    }
    const json = JSON.parse(runToJson(run)) as Run & { unstable: UnstableReport };
    expect(json.unstable.spreadLimit).toBe(0.15);
    expect(json.unstable.rule).toMatch(/^A test's primary metric is unstable when its trials' min–max spread is wider than ±15% of their median/);
    expect(json.unstable.metrics.map((m) => `${m.test} ${m.metric}`)).toEqual(wide);
    expect(json.unstable.metrics.find((m) => m.test === 'small-files')).toMatchObject({
      target: 'local',
      place: 'native',
      min: 23249.636,
      max: 62125.412,
      n: 3,
      spread: 0.675,
      by: 'spread',
    });
    // A run whose trials agree says nothing anywhere.
    const calm = JSON.parse(readFileSync(new URL('../fixtures/runs/quick-multi.json', import.meta.url), 'utf8')) as Run;
    expect(runTable(calm)).not.toMatch(/varied more than/);
    expect(runToMarkdown(calm)).not.toMatch(/varied more than/);
    expect((JSON.parse(runToJson(calm)) as { unstable: UnstableReport }).unstable.metrics).toEqual([]);
  });
});

describe('a metric that stays unstable after adaptive trials', () => {
  // rand-read read_iops of the recorded aa-quick-b run (57,175 / 78,864 / 64,775) plus two more trials from aa-quick-a.
  const wide = result('rand-read', 'native', { read_iops: [57175, 78864, 64775, 149809, 72072] });
  wide.trials = {
    metric: 'read_iops',
    minTrials: 3,
    maxTrials: 5,
    target: 0.1,
    taken: 5,
    widths: [0.41, 0.63, 0.44],
    stop: 'max-reached',
  } satisfies TrialsRecord;
  // Its trials spread ±48%, yet its interval met the stated target: not marked (the interval decides, one definition).
  const met = result('seq-read', 'native', { read_MBps: [813, 1300, 1796, 1310, 1290] });
  met.trials = { metric: 'read_MBps', minTrials: 3, maxTrials: 5, target: 0.5, taken: 5, widths: [0.9, 0.6, 0.45], stop: 'target-met' };
  const run = makeRun('r', '2026-01-01T00:00:00Z', [wide, met]);

  it('is marked in Results with its range, its interval after the maximum of trials and the target, with the re-run', () => {
    useAppStore.setState(initialAppData());
    expect(unstableMetrics(run).map((u) => u.metric)).toEqual(['read_iops']);
    const en = renderToStaticMarkup(<UnstableNotice run={run} />);
    expect(en).toContain('1 number stayed unstable: more trials did not bring its 95% interval within the suite');
    expect(en).toMatch(/57,175–149,809 IOPS \(±\d+%, 5 trials\) — 95% interval still ±44% after the maximum of 5 trials \(target ±10%\)/);
    expect(en).toContain('data-testid="unstable-rerun"');
    const ja = inLang('ja', () => renderToStaticMarkup(<UnstableNotice run={run} />));
    expect(ja).toContain('上限 5 回の試行後も 95% 区間が ±44%（目標 ±10%）');
    // The CLI's table and the JSON export state the same one, by its interval.
    expect(runTable(run)).toMatch(/^! 1 number stayed unstable: more trials did not bring its 95% interval within the suite's target/m);
    expect(runTable(run)).toMatch(/57,175–149,809 IOPS \(±\d+%, 5 trials\) — 95% interval still ±44% after the maximum of 5 trials \(target ±10%\)$/m);
    const json = JSON.parse(runToJson(run)) as { unstable: UnstableReport };
    expect(json.unstable.metrics).toEqual([expect.objectContaining({ test: 'rand-read', metric: 'read_iops', by: 'interval', trials: wide.trials })]);
  });

  it('the CLI says it after the result line, with the command that runs it again', () => {
    for (const lang of ['en', 'ja'] as const) {
      const chunks: string[] = [];
      const print = createProgressPrinter({ isTTY: false, write: (x: string) => chunks.push(x) } as unknown as NodeJS.WriteStream, lang);
      print({ jobId: 'j', seq: 1, type: 'job-started', spec: { suite: 'quick' }, plan: [], startedAt: '2026-01-01T00:00:00Z' });
      print({ jobId: 'j', seq: 2, type: 'result', target: 'local', result: wide });
      print({ jobId: 'j', seq: 3, type: 'result', target: 'local', result: met });
      const text = chunks.join('');
      expect(text).toContain(
        lang === 'en'
          ? '! read_iops stayed unstable: its 95% interval is still ±44% after the maximum of 5 trials (target ±10%'
          : '! read_iops は不安定なままです: 上限 5 回の試行後も 95% 区間が ±44%（目標 ±10%',
      );
      expect(text).toContain('vmbench run --target local --suite quick --tests rand-read');
      expect(text).not.toContain('read_MBps stayed');
      expect(text.match(/!/g)).toHaveLength(1);
    }
  });
});

describe('the CLI step line of a step that may add trials', () => {
  it('says its minimum and maximum of trials (a fixed step says its count)', () => {
    for (const lang of ['en', 'ja'] as const) {
      const chunks: string[] = [];
      const print = createProgressPrinter({ isTTY: false, write: (x: string) => chunks.push(x) } as unknown as NodeJS.WriteStream, lang);
      const steps: PlanStep[] = [{ ...plan[0], trials: 5, maxTrials: 8 }, plan[1]];
      print({ jobId: 'j', seq: 1, type: 'job-started', spec: { suite: 'standard' }, plan: steps, startedAt: '2026-01-01T00:00:00Z' });
      const progress = (step: number, test: 'seq-write' | 'seq-read', trials: number): JobEvent =>
        ({
          jobId: 'j',
          seq: 2 + step,
          type: 'progress',
          target: 'local',
          place: 'native',
          test,
          step,
          steps: 2,
          trial: 1,
          trials,
          fraction: 0.1,
          etaSec: 30,
        }) as JobEvent;
      print(progress(0, 'seq-write', 5));
      print(progress(1, 'seq-read', 3));
      const text = chunks.join('');
      expect(text).toContain(lang === 'en' ? '[1/2] local native seq-write (5 to 8 trials)' : '[1/2] local ネイティブ seq-write（試行 5〜8 回）');
      expect(text).toContain(lang === 'en' ? '[2/2] local native seq-read (3 trials)' : '[2/2] local ネイティブ seq-read（試行 3 回）');
    }
  });
});

describe('the plan before a run says the range of trials and of time', () => {
  it('standard "5–8 trials" and thorough "7–12 trials" (quick "3 trials"), the same plan as the CLI step line, and an estimate that covers the added trials', () => {
    expect(trialsPlan('standard', 'seq-write')).toMatchObject({ minTrials: 5, maxTrials: 8 });
    const controls = renderToStaticMarkup(<RunControls />);
    expect(controls).toContain('>Quick · 3 trials<');
    expect(controls).toContain('>Standard · 5–8 trials<');
    expect(controls).toContain('>Thorough · 7–12 trials<');
    const ja = inLang('ja', () => renderToStaticMarkup(<RunControls />));
    expect(ja).toContain('>標準 · 5〜8 回<');
    expect(ja).toContain('>クイック · 3 回<');
    // This machine alone (no detection yet): the estimate with 5 trials a step, and with 8.
    const [local] = plannedTargets([], [], 'standard', false);
    expect(local).toMatchObject({
      id: 'local',
      seconds: targetEstimateSec('standard', SCRIPT_TESTS, ['native']),
      maxSeconds: targetMaxEstimateSec('standard', SCRIPT_TESTS, ['native']),
    });
    expect(local.maxSeconds).toBeGreaterThan(local.seconds);
    const t = i18n.getFixedT(null, 'ui');
    expect(formatAboutRange(local.seconds, local.maxSeconds, t)).toMatch(/^~\d+–\d+ min$|^~\d+ s–\d+ min$/);
    expect(inLang('ja', () => formatAboutRange(local.seconds, local.maxSeconds, t))).toMatch(/^約\d+(秒)?〜\d+分$/);
    expect([formatAboutRange(150, 200, t), formatAboutRange(50, 80, t), formatAboutRange(60, 130, t), formatAboutRange(120, 125, t)]).toEqual([
      '~3 min',
      '~50–80 s',
      '~60 s–2 min',
      '~2 min',
    ]);
    // Quick adds trials only to its headlines (each place's verdict, short passes); the plan as rendered (the store's
    // initial suite) says when the verdicts are in and when everything is.
    const [quick] = plannedTargets([], [], 'quick', false);
    expect(quick.verdictSeconds).toBeGreaterThan(0);
    expect(quick.verdictSeconds).toBeLessThan(quick.seconds);
    expect(renderToStaticMarkup(<RunPlan />)).toMatch(
      new RegExp(
        `data-seconds="${quick.seconds}" data-max-seconds="${quick.maxSeconds}" data-verdict-seconds="${quick.verdictSeconds}"[^>]*>Verdicts ~\\d+ s · all ~\\d+`,
      ),
    );
  });

  it('Compare\'s offer of a thorough re-run says its range too: "7–12 trials per test" and a time that covers them', () => {
    const fixture = (name: string): Run => JSON.parse(readFileSync(new URL(`../fixtures/runs/${name}.json`, import.meta.url), 'utf8')) as Run;
    useAppStore.setState(initialAppData());
    const html = renderToStaticMarkup(<TooFewOffer comparison={compareRuns(fixture('libvirt-before'), fixture('libvirt-after'))} />);
    expect(html).toContain('The thorough suite runs 7–12 trials per test');
    expect(html).toMatch(/Re-run after with thorough \(~\d+–\d+ min\)/);
    expect(inLang('ja', () => renderToStaticMarkup(<TooFewOffer comparison={compareRuns(fixture('libvirt-before'), fixture('libvirt-after'))} />))).toContain(
      '精密スイートはテストごとに 7〜12 回試行し',
    );
  });
});

describe('the warm-up pass as the first number', () => {
  it('is shown at once as a provisional number (trial 0, "warm-up, not counted"), and never enters the trials', () => {
    const ev: JobEvent[] = [
      { jobId: 'w', seq: 1, type: 'job-started', spec: { suite: 'quick' }, plan: [plan[0]], startedAt: '2026-01-01T00:00:00Z' },
      { jobId: 'w', seq: 2, type: 'sample', target: 'local', place: 'native', test: 'seq-write', trial: 0, metric: 'write_MBps', value: 700 },
    ];
    let job = ev.reduce(reduceJobEvent, initialJobs).jobs.w;
    expect(renderToStaticMarkup(<LiveNumbers job={job} />)).toMatch(/data-trial="0".*warm-up, not counted.*700 MB\/s/);
    expect(inLang('ja', () => renderToStaticMarkup(<LiveNumbers job={job} />))).toContain('ウォームアップ（集計外）');
    expect(throughputData(liveRun(job))).toEqual([]);
    job = reduceJobEvent(
      { jobs: { w: job }, order: ['w'] },
      { jobId: 'w', seq: 3, type: 'sample', target: 'local', place: 'native', test: 'seq-write', trial: 1, metric: 'write_MBps', value: 1000 },
    ).jobs.w;
    expect(throughputData(liveRun(job))[0]).toMatchObject({ write_MBps: 1000, write_MBps_n: 1 });
  });
});
