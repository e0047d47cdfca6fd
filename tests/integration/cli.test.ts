import { spawn } from 'node:child_process';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { delimiter, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Run } from '../../electron/contract/contract.js';
import { RunStore } from '../../electron/engine/store/run-store.js';
import { estimateRun } from '../../electron/engine/bench/run-estimate.js';
import { fmtDuration } from '../../electron/cli/table.js';
import { unstableReport, type UnstableReport } from '../../electron/presentation/unstable.js';
import { BIN, runCli } from '../helpers/cli.js';
import { machineReaches, spyOnRuntimeClis } from '../helpers/host-only-env.js';

describe('vmbench CLI (built bundle, real fio)', () => {
  let home: string;
  const cli = (args: string[]): { status: number | null; stdout: string; stderr: string } => {
    return runCli(args, { ...process.env, VMBENCH_HOME: home }, 240_000);
  };
  beforeAll(async () => {
    home = await mkdtemp(join(process.cwd(), '.vmbench-tmp-cli-'));
  });
  afterAll(() => rm(home, { recursive: true, force: true }));

  it("detection with the test's own environment reaches none of the machine's runtimes (vitest.config.ts), though their CLIs are on PATH", () => {
    const spies = spyOnRuntimeClis();
    try {
      const r = runCli(['detect', '--json'], { ...process.env, VMBENCH_HOME: home, PATH: [spies.bin, process.env.PATH].join(delimiter) }, 120_000);
      expect(r.status, r.stderr).toBe(0);
      expect(spies.calls().map((c) => c.cli)).toEqual(expect.arrayContaining(['docker', 'vagrant', 'virsh']));
      expect(machineReaches(spies.calls())).toEqual([]);
    } finally {
      spies.cleanup();
    }
  });

  it('usage errors exit 2 with a message', () => {
    const r = cli(['run', '--suite', 'fast']);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/unknown suite "fast"/);
    expect(cli(['frobnicate']).status).toBe(2);
    const bad = cli(['run', '--max-trials', '0']);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/--max-trials takes a whole number from 1 to 50, not "0"/);
  });

  it('--places: a place This machine does not offer is refused before anything runs; an unknown or empty one is a usage error', () => {
    const r = cli(['run', '--tests', 'small-files', '--places', 'shared,guest']);
    expect(r.status).toBe(1); // as the run's other target errors (no such target, not running): the job fails before it starts
    expect(r.stderr).toMatch(/^vmbench: This machine offers none of the places asked for \(shared, guest\); its places are: native\.$/m);
    expect(r.stderr).not.toMatch(/small-files/);
    const ja = cli(['run', '--tests', 'small-files', '--places', 'shared', '--lang', 'ja']);
    expect(ja.stderr).toMatch(/^vmbench: このマシン には指定された場所（shared）がありません。使える場所: native。$/m);
    expect((JSON.parse(cli(['runs', '--json']).stdout) as { runs: unknown[] }).runs).toEqual([]);
    const unknown = cli(['run', '--places', 'native,host']);
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toMatch(/Unknown place "host"\. The places are: native, shared, guest, volume\./);
    const empty = cli(['run', '--places', ',']);
    expect(empty.status).toBe(2);
    expect(empty.stderr).toMatch(/--places "," names no place/);
  });

  it('run prints plain progress lines off a terminal, a summary table, and writes --json', async () => {
    const out = join(home, 'run.json');
    const r = cli(['run', '--tests', 'small-files,seq-write', '--json', out]);
    expect(r.status, r.stderr).toBe(0);
    // The place's headline (its verdict) first, then the tests in their order, the headline's test again at full length.
    expect(r.stderr).toMatch(/\[1\/3\] local native seq-write[^\n]*\n\s+★ verdict: This machine · native: [\d,.]+ MB\/s \(the baseline\)/);
    expect(r.stderr).toMatch(/\[2\/3\] local native small-files/);
    expect(r.stderr).toMatch(/\[3\/3\] local native seq-write/);
    // The first run here: its expected time is the static plan's, and the line says so.
    const plan = estimateRun({ suite: 'quick', tests: ['small-files', 'seq-write'] }, [{ id: 'local', places: ['native'] }], []).estimate;
    expect(r.stderr).toContain(`expected to take ${fmtDuration(plan.seconds)} (m:ss), estimated from the plan (no past run of these steps here)`);
    expect(r.stderr).not.toMatch(/\r/);
    expect(r.stdout).toMatch(/median\s+min\s+max\s+n/);
    expect(r.stdout).toMatch(/small-files\s+create_per_s/);
    const run = JSON.parse(await readFile(out, 'utf8')) as Run;
    expect(run.schemaVersion).toBe(1);
    expect(run.targets[0].results.map((x) => x.test)).toEqual(['small-files', 'seq-write']);
    // The unstable numbers, stated by the one rule (whichever this machine's trials gave: each listed one broke it).
    const { unstable } = run as Run & { unstable: UnstableReport };
    expect(unstable).toMatchObject({ spreadLimit: 0.15, rule: expect.stringMatching(/±15% of their median/) });
    for (const m of unstable.metrics) expect(m.by === 'interval' || m.spread > 0.15, JSON.stringify(m)).toBe(true);
    expect(unstable.metrics.map((m) => m.metric)).toEqual(unstableReport(run).metrics.map((m) => m.metric));
  });

  it('a stored quick run with wide trials: export --format json states its unstable numbers, --format md lists them (en, ja)', async () => {
    const own = await mkdtemp(join(process.cwd(), '.vmbench-tmp-cli-unstable-'));
    try {
      // aa-quick-a: a real quick run under load (3 fixed trials); small-files creates 23,250–62,125/s around 28,791.
      const recorded = JSON.parse(await readFile(new URL('../fixtures/runs/aa-quick-a.json', import.meta.url), 'utf8')) as Run;
      await new RunStore(own).save(recorded);
      const at = (args: string[]): { status: number | null; stdout: string; stderr: string } =>
        runCli(args, { ...process.env, VMBENCH_HOME: own, LANG: 'C.UTF-8', LC_ALL: '' }, 60_000);
      const json = at(['export', recorded.id, '--format', 'json']);
      expect(json.status, json.stderr).toBe(0);
      const { unstable } = JSON.parse(json.stdout) as { unstable: UnstableReport };
      expect(unstable.metrics.map((m) => `${m.test} ${m.metric} ${m.by}`)).toEqual([
        'seq-write write_MBps spread',
        'seq-read read_MBps spread',
        'rand-read read_iops spread',
        'small-files create_per_s spread',
      ]);
      expect(unstable.metrics[3]).toMatchObject({ target: 'local', place: 'native', min: 23249.636, max: 62125.412, n: 3, spread: 0.675 });
      const md = at(['export', recorded.id, '--format', 'md']);
      expect(md.stdout).toContain('- Create files · This machine · native: 23,250–62,125 files/s (±68%, 3 trials)');
      expect(at(['export', recorded.id, '--format', 'md', '--lang', 'ja']).stdout).toMatch(/^\*\*4 件の数値が試行間で ±15% を超えてばらつきました/m);
    } finally {
      await rm(own, { recursive: true, force: true });
    }
  });

  it('runs, compare, export and card work on stored runs', async () => {
    // --max-trials: quick keeps 3 trials unless asked; this run may add one while its interval is wider than ±10%.
    // --places native: the one place This machine offers, so the run is the same as without it.
    const adaptiveOut = join(home, 'adaptive.json');
    const second = cli(['run', '--tests', 'small-files', '--places', 'native', '--max-trials', '4', '--json', adaptiveOut]);
    expect(second.status, second.stderr).toBe(0);
    // The second run's expected time comes from the first (its small-files step and its time around the steps), as the app's plan says it.
    const first = JSON.parse(await readFile(join(home, 'run.json'), 'utf8')) as Run;
    const fromFirst = estimateRun(
      { suite: 'quick', tests: ['small-files'], trials: { maxTrials: 4 } },
      [{ id: 'local', places: ['native'] }],
      [first],
    ).estimate;
    expect(fromFirst.source).toEqual({ kind: 'history', runs: 1, steps: 1 });
    expect(second.stderr).toContain(`expected to take ${fmtDuration(fromFirst.seconds)} (m:ss), estimated from your last run`);
    const adaptive = JSON.parse(await readFile(adaptiveOut, 'utf8')) as Run;
    const rec = adaptive.targets[0].results[0].trials;
    expect(rec).toMatchObject({ metric: 'create_per_s', minTrials: 3, maxTrials: 4 });
    // Three trials end only with the target met; the fourth is the maximum, whatever its width.
    if (rec?.taken === 3) expect(rec.stop).toBe('target-met');
    else expect(rec).toMatchObject({ taken: 4, stop: expect.stringMatching(/^(target-met|max-reached)$/) });
    const runs = JSON.parse(cli(['runs', '--json']).stdout) as { runs: { id: string }[] };
    expect(runs.runs.length).toBe(2);
    const [b, a] = runs.runs.map((x) => x.id);
    const cmp = cli(['compare', a, b]);
    expect(cmp.status).toBe(0);
    // One number of change per row: the ratio with its interval (no second "% change" column).
    expect(cmp.stdout).toMatch(/create_per_s.*\d+\.\d+× \[\d+\.\d+–\d+\.\d+\]/);
    expect(cmp.stdout).not.toMatch(/[+-]\d+\.\d%/);
    const csv = cli(['export', a, '--format', 'csv']);
    expect(csv.status).toBe(0);
    expect(csv.stdout.split('\n')[0]).toMatch(/median/);
    const card = join(home, 'card.png');
    expect(cli(['card', a, '--compare', b, '--out', card]).status).toBe(0);
    const png = await readFile(card);
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);
    expect(cli(['runs', 'x']).status).toBe(2);
    expect(cli(['compare', a, 'no-such-run']).status).toBe(1);
  });

  it('Ctrl-C cleans up and exits 130', async () => {
    const child = spawn(process.execPath, [BIN, 'run', '--suite', 'standard', '--tests', 'seq-write'], { env: { ...process.env, VMBENCH_HOME: home } });
    let stderr = '';
    child.stderr.on('data', (c) => (stderr += c));
    for (let i = 0; i < 300 && !/trials\)/.test(stderr); i++) await new Promise((r) => setTimeout(r, 100));
    await new Promise((r) => setTimeout(r, 1500));
    child.kill('SIGINT');
    const code = await new Promise<number | null>((r) => child.on('exit', r));
    expect(code).toBe(130);
    expect(stderr).toMatch(/Cancelling/);
    expect(await readdir(join(home, 'scratch'))).toEqual([]);
  });
});
