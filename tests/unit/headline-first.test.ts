// Headline first (issue 42): every chosen place of every target is measured with its headline test (short,
// adaptive trials) before any other step, then the remaining tests fill in; the plan's two times.
import { describe, expect, it } from 'vitest';
import type { Place, Run } from '../../electron/contract/contract.js';
import { buildPlan } from '../../electron/engine/bench/runner.js';
import type { ResolvedTarget } from '../../electron/engine/bench/resolved-target.js';
import { estimateRun } from '../../electron/engine/bench/run-estimate.js';
import { headlineTest, testSpec, USER_COMMAND_TEST } from '../../electron/contract/test-catalogue.js';
import { headlineParams, headlineSteps } from '../../electron/measurement/plan-estimate.js';
import { decideTrials, trialsMethod } from '../../electron/engine/bench/adaptive.js';
import type { Transport } from '../../electron/engine/transports/types.js';

const target = (id: string, places: Place[]): ResolvedTarget => {
  const transport: Transport = { places: () => places, placeDir: (p) => `/${p}`, run: async () => ({ exitCode: 0, cancelled: false, timedOut: false }) };
  return { id, runtime: id, label: id, settings: {}, transport };
};
const TARGETS = [target('local', ['native']), target('docker:default', ['shared', 'guest', 'volume']), target('libvirt:web', ['shared', 'guest'])];
const line = (p: { target: string; place: string; test: string; headline?: true }) => `${p.target} ${p.place} ${p.test}${p.headline ? ' (headline)' : ''}`;

describe('the headline of a place', () => {
  it('is seq-write for the disk tests (the test the advice is judged by most often), the user command when the run has one', () => {
    expect(headlineTest(['rand-read', 'seq-read', 'seq-write', 'small-files'])).toBe('seq-write');
    expect(headlineTest(['rand-read', 'seq-write', USER_COMMAND_TEST])).toBe(USER_COMMAND_TEST);
    expect(headlineTest(['rand-read', 'small-files'])).toBeUndefined();
    // Its trials: short and adaptive to ±5%, with a cap, the same in every suite.
    expect(testSpec('seq-write')?.headline).toMatchObject({ targetHalfWidth: 0.05 });
    const { trials } = headlineParams('standard', 'seq-write');
    expect(trials.targetHalfWidth).toBe(0.05);
    expect(trials.maxTrials).toBeGreaterThan(trials.minTrials);
  });

  it('starts no batch of added trials once its step has taken the time cap: a slow place gives its verdict from fewer trials, marked so', () => {
    const { trials } = headlineParams('standard', 'seq-write');
    expect(trials.capSec).toBe(testSpec('seq-write')!.headline!.capSec);
    expect(trials.batches).toBe(true);
    // Three trials far apart: the interval is wider than ±5%, the maximum is not reached.
    const noisy = [100, 160, 70];
    expect(decideTrials(noisy, trials, trials.capSec! - 1)).toMatchObject({ more: true });
    const capped = decideTrials(noisy, trials, trials.capSec!);
    expect(capped).toMatchObject({ more: false, stop: 'time-cap' });
    expect(
      trialsMethod({ metric: 'write_MBps', minTrials: 3, maxTrials: 10, target: 0.05, taken: 3, widths: [capped.width], stop: 'time-cap', batches: true }),
    ).toMatch(/took 3: the place's time cap reached, target not met/);
    // A place that met its target stops for that, whatever the time.
    expect(decideTrials([100, 101, 100], trials, 0)).toMatchObject({ more: false, stop: 'target-met' });
  });
});

describe('the order of steps: headlines first, across targets', () => {
  it('measures every place of every target with its headline before any other test, then fills in the rest in the same run', () => {
    const plan = buildPlan({ suite: 'quick' }, TARGETS);
    const headlines = plan.filter((p) => p.headline);
    expect(headlines.map(line)).toEqual([
      'local native seq-write (headline)',
      'docker:default shared seq-write (headline)',
      'docker:default guest seq-write (headline)',
      'docker:default volume seq-write (headline)',
      'libvirt:web shared seq-write (headline)',
      'libvirt:web guest seq-write (headline)',
    ]);
    // The headlines lead the plan; nothing after them is a headline.
    expect(plan.slice(0, headlines.length).every((p) => p.headline)).toBe(true);
    expect(plan.slice(headlines.length).some((p) => p.headline)).toBe(false);
    // The rest: every test (seq-write again, at its suite's length) in every place, target by target as before.
    const rest = plan.slice(headlines.length).map(line);
    expect(rest.slice(0, 4)).toEqual(['local native seq-write', 'local native seq-read', 'local native rand-read', 'local native small-files']);
    expect(rest).toHaveLength(4 * 6);
    // A headline's trials are the catalogue's short ones, with room to add trials to its target.
    const h = headlines[0];
    expect(h.trials).toBe(testSpec('seq-write')!.headline!.params.trials);
    expect(h.maxTrials).toBe(testSpec('seq-write')!.headline!.maxTrials);
    expect(h.estimateSec).toBeLessThan(plan.find((p) => !p.headline && p.test === 'seq-write' && p.target === 'local')!.estimateSec);
  });

  it('with only the headlines asked for (--headlines-only), plans nothing else', () => {
    const plan = buildPlan({ suite: 'quick', headlinesOnly: true }, TARGETS);
    expect(plan.every((p) => p.headline)).toBe(true);
    expect(plan).toHaveLength(6);
  });

  it('without the headline test among the chosen tests, plans no headline', () => {
    expect(buildPlan({ suite: 'quick', tests: ['rand-read'] }, TARGETS).some((p) => p.headline)).toBe(false);
  });
});

describe("the plan's two times", () => {
  it("on the Mac of issue 42 (Docker Desktop, Rancher Desktop's VM and its Docker, Vagrant, libvirt), the verdicts come within 3 minutes", () => {
    // Each target with the places detection gives it (the Mac replay's runtimes: tests/fixtures/captures), on the
    // catalogue's trial lengths and the plan's calibration of a guest place and a target's set-up.
    const mac = [
      { id: 'local', places: ['native' as const] },
      { id: 'docker:desktop-linux', places: ['shared' as const, 'guest' as const, 'volume' as const] },
      { id: 'rancher-desktop', places: ['shared' as const, 'guest' as const] },
      { id: 'docker:rancher-desktop', places: ['shared' as const, 'guest' as const, 'volume' as const] },
      { id: 'vagrant:default', places: ['shared' as const, 'guest' as const] },
      { id: 'libvirt:dev', places: ['shared' as const, 'guest' as const] },
    ];
    const { estimate } = estimateRun({ suite: 'quick' }, mac, []);
    expect(estimate.verdictSeconds).toBeLessThanOrEqual(180);
    expect(estimate.seconds).toBeGreaterThan(estimate.verdictSeconds! * 5);
  });

  it('says when every verdict is in and when everything is: the set-ups and headlines, then the rest', () => {
    const places = TARGETS.map((t) => ({ id: t.id, places: t.transport.places() }));
    const { estimate } = estimateRun({ suite: 'quick' }, places, []);
    expect(estimate.verdictSeconds).toBeGreaterThan(0);
    expect(estimate.verdictSeconds!).toBeLessThan(estimate.seconds);
    expect(estimate.targets.every((t) => t.verdictSeconds! > 0 && t.verdictSeconds! < t.seconds)).toBe(true);
    // Headlines only: everything is the verdicts.
    const only = estimateRun({ suite: 'quick', headlinesOnly: true }, places, []).estimate;
    expect(only.seconds).toBe(only.verdictSeconds);
    // Without a headline test, no verdict time.
    expect(estimateRun({ suite: 'quick', tests: ['rand-read'] }, places, []).estimate.verdictSeconds).toBeUndefined();
  });

  it("calibrates a headline's time from this machine's past headlines", () => {
    const past: Run = {
      schemaVersion: 1,
      id: 'r1',
      startedAt: '2026-01-01T00:00:00.000Z',
      finishedAt: '2026-01-01T00:01:00.000Z',
      status: 'completed',
      suite: 'quick',
      tests: ['seq-write'],
      app: { version: '0', platform: 'linux', arch: 'x64' },
      targets: [
        {
          id: 'local',
          runtime: 'local',
          label: 'This machine',
          settings: {},
          probe: null,
          results: [],
          headlines: [
            {
              test: 'seq-write',
              place: 'native',
              metrics: {},
              tool: { name: 'fio', version: '3', method: '' },
              params: { trials: 3 },
              command: '',
              samples: {},
              timing: { sec: 42, trialEndSec: [10, 20, 30] },
            },
          ],
          errors: [],
          status: 'ok',
        },
      ],
    };
    const { plan } = estimateRun({ suite: 'quick' }, [{ id: 'local', places: ['native'] }], [past]);
    expect(plan[0]).toMatchObject({ headline: true, estimateSec: 42, estimateFrom: 'history' });
    expect(plan.find((p) => !p.headline && p.test === 'seq-write')?.estimateFrom).toBe('plan');
  });
});

describe('a run of the user command', () => {
  it('plans each place once: the command has no short form, so its steps are its verdicts (no headline pass before them)', () => {
    expect(headlineSteps(['command'], ['native', 'shared'])).toEqual([]);
    expect(headlineSteps(['seq-write', 'rand-read'], ['native'])).toEqual([{ place: 'native', test: 'seq-write' }]);
  });
});
