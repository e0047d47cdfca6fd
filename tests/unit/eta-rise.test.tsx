/**
 * Progress that agrees with itself: when the engine raises the ETA it says why (a step overran, or trials
 * were added), and the run panel and the CLI both show that reason, in the reader's language, until the
 * run ends. The events are the engine's own shape (contract: progress.etaRise).
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { JobEvent, PlanStep } from '../../electron/contract/contract.js';
import { createProgressPrinter } from '../../electron/cli/progress.js';
import { etaRiseText } from '../../electron/presentation/eta-rise.js';
import { RunProgress } from '../../src/components/run-progress';
import { initialJobs, reduceJobEvent } from '../../src/store/job-reducer';
import { inLang } from '../helpers/in-lang.js';

const plan: PlanStep[] = [
  { target: 'local', place: 'native', test: 'seq-write', trials: 3, estimateSec: 20 },
  { target: 'local', place: 'native', test: 'rand-read', trials: 3, estimateSec: 45 },
];
const started: JobEvent = { jobId: 'j', seq: 1, type: 'job-started', spec: { suite: 'quick' }, plan, startedAt: '2026-01-01T00:00:00Z' };
const progress = (seq: number, extra: Partial<Extract<JobEvent, { type: 'progress' }>>): JobEvent => ({
  jobId: 'j',
  seq,
  type: 'progress',
  step: 1,
  steps: 2,
  target: 'local',
  place: 'native',
  test: 'rand-read',
  trial: 2,
  trials: 3,
  fraction: 0.5,
  etaSec: 60,
  at: Date.parse('2026-01-01T00:01:10Z'),
  ...extra,
});
const overrun = progress(2, { etaRise: { why: 'overrun', step: 1, expectedSec: 45, tookSec: 70 } });
const words = { duration: (s: number) => `${s}s`, target: (id: string) => (id === 'local' ? 'This machine' : id) };

describe('why the ETA went up', () => {
  it('names the step, what it took and what it was given; or the trials added to it', () => {
    expect(etaRiseText({ why: 'overrun', step: 1, expectedSec: 45, tookSec: 70 }, plan, 'en', words)).toBe(
      'ETA went up: 4k random read · native · This machine has taken 70s, longer than the 45s it was given',
    );
    expect(etaRiseText({ why: 'added', step: 0, trials: 2 }, plan, 'en', words)).toBe(
      'ETA went up: 2 trials added to Sequential write · native · This machine, whose results still varied too much',
    );
    expect(etaRiseText({ why: 'added', step: 0, trials: 1 }, plan, 'en', words)).toMatch(/^ETA went up: 1 trial added/);
    expect(etaRiseText({ why: 'overrun', step: 1, expectedSec: 45, tookSec: 70 }, plan, 'ja', words)).toMatch(
      /^残り時間を延長: .+ が見込みの 45s を超えて 70s かかっています$/,
    );
  });

  it('the run panel shows the reason from the event that raised the ETA until the run ends, in en and ja', () => {
    const jobs = [started, overrun, progress(3, { trial: 3, fraction: 0.7, etaSec: 40 })].reduce(reduceJobEvent, initialJobs);
    expect(jobs.jobs.j.etaRise).toEqual({ why: 'overrun', step: 1, expectedSec: 45, tookSec: 70 });
    for (const lang of ['en', 'ja'] as const) {
      const html = inLang(lang, () => renderToStaticMarkup(<RunProgress job={jobs.jobs.j} />));
      expect(html).toContain('data-testid="eta-rise"');
      expect(html).toContain(lang === 'en' ? 'ETA went up:' : '残り時間を延長:');
      expect(html).toContain(lang === 'en' ? 'longer than the 45s it was given' : '見込みの 45秒 を超えて 1分10秒 かかっています');
    }
    // No reason, no line: a run whose ETA only counted down.
    const plain = [started, progress(2, {})].reduce(reduceJobEvent, initialJobs);
    expect(renderToStaticMarkup(<RunProgress job={plain.jobs.j} />)).not.toContain('eta-rise');
  });

  it('the CLI prints the reason on its own line above the bar when the ETA goes up, and nothing when it counts down or off a terminal', () => {
    const printed = (isTTY: boolean, events: JobEvent[]): string => {
      const chunks: string[] = [];
      const print = createProgressPrinter({ isTTY, write: (x: string) => chunks.push(x) } as unknown as NodeJS.WriteStream, 'en');
      for (const ev of events) print(ev);
      return chunks.join('');
    };
    expect(printed(true, [started, progress(2, {})])).not.toContain('ETA went up');
    expect(printed(true, [started, progress(2, {}), overrun])).toContain(
      '\r\x1b[2K  ETA went up: 4k random read · native · local has taken 1:10, longer than the 0:45 it was given\n',
    );
    // A log (no terminal) shows no ETA, so it gives no reason for one either.
    expect(printed(false, [started, progress(2, {}), overrun])).not.toContain('ETA went up');
  });
});
