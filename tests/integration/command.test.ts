// `vmbench run --command`: the user's own command timed natively by the real CLI, in a scratch copy of a generated git
// project beside it: prepare, cleanup and warm-up as hyperfine runs them, a missing program (exit 127) and a failing
// command as clear errors, a cancel that leaves no scratch copy, --in-place in the real folder, and bad input refused.
// Real sh, git, find; every file under this file's own mkdtemp folder.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Run } from '../../electron/contract/contract.js';
import { BIN, runCli } from '../helpers/cli.js';
import { hostOnlyEnv } from '../helpers/host-only-env.js';
import { makeGitProject } from '../helpers/git-project.js';

let root: string;
let project: string;
let env: NodeJS.ProcessEnv;
let n = 0;

/** The project's entries, recursively (to see it was not touched). */
const listing = (dir: string): string[] => readdirSync(dir, { recursive: true, encoding: 'utf8' }).sort();
/** Scratch copies (work folders) left beside the project. */
const leftovers = (): string[] => readdirSync(root).filter((x) => x.startsWith('.vmbench-'));
const jsonFile = (): string => join(root, `run-${++n}.json`);
const readRun = (file: string): Run => JSON.parse(readFileSync(file, 'utf8')) as Run;

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'vmbench-command-'));
  project = join(root, 'app');
  mkdirSync(project);
  makeGitProject(project, 300);
  const home = join(root, 'home');
  mkdirSync(home);
  env = { ...process.env, ...hostOnlyEnv(home), VMBENCH_HOME: join(root, 'data'), LANG: 'C.UTF-8' };
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('vmbench run --command, natively', () => {
  it('times the command in a scratch copy (.git included), reports the copy apart, and leaves the project and its folder as they were', () => {
    const before = listing(project);
    const out = jsonFile();
    const r = runCli(
      [
        'run',
        '--command',
        'test -d .git && git status --porcelain >/dev/null && find . -type f | wc -l >&2',
        '--project',
        project,
        '--runs',
        '3',
        '--json',
        out,
      ],
      env,
    );
    expect(r.status, r.stderr).toBe(0);
    const run = readRun(out);
    // Nothing failed; a busy machine may add hyperfine's notes (a cold first run, outliers), which are not failures.
    expect(run.status).toBe('completed');
    expect(run.targets[0].errors.filter((e) => e.code !== 'slow-first-run' && e.code !== 'outlier-runs')).toEqual([]);
    expect(run.tests).toEqual(['command']);
    const [res] = run.targets[0].results;
    expect(res).toMatchObject({ test: 'command', place: 'native' });
    expect(res.metrics.wall_s.n).toBe(3);
    expect(res.metrics.user_s.n).toBe(3);
    expect(res.metrics.sys_s.n).toBe(3);
    expect(res.params).toMatchObject({ exitStatus: 0, inPlace: false, commandText: expect.stringContaining('git status') });
    expect(typeof res.params.copySec).toBe('number');
    // The start-up of an empty command in the place, taken off every run as hyperfine takes off its shell's, is said with the run.
    expect(res.params.overheadSec).toBeGreaterThanOrEqual(0);
    expect(res.tool.method).toMatch(/less the start-up of an empty command there \(median of 10: [0-9.]+ s/);
    // The command and the copy each on their own line.
    expect(r.stdout).toMatch(/^command: sh -c test -d \.git/m);
    expect(r.stdout).toMatch(/copy of the project before the runs \(not counted\):\n {2}local native: [\d.]+ s/);
    // The progress names a command run as one (no suite, runs rather than trials, one place in the singular).
    expect(r.stderr).toMatch(/^vmbench: timing your command in 1 place on local$/m);
    expect(r.stderr).toMatch(/^ {2}\[1\/1\] local native: your command \(3 runs\)$/m);
    expect(r.stdout).toMatch(/^Run \S+ \(your command, completed\) — median of n runs, min and max$/m);
    expect(r.stdout + r.stderr).not.toMatch(/suite|trials|1 steps/);
    expect(listing(project)).toEqual(before);
    expect(leftovers()).toEqual([]);
  });

  it('runs prepare before and cleanup after every run, warm-up runs too, counts only the timed runs, all in the copy', () => {
    const log = join(root, 'order.log');
    const out = jsonFile();
    const r = runCli(
      [
        'run',
        '--command',
        `test -e prepared && pwd >> ${log} && echo run >> ${log}`,
        '--prepare',
        `touch prepared && echo prepare >> ${log}`,
        '--cleanup',
        `rm prepared && echo cleanup >> ${log}`,
        '--warmup',
        '2',
        '--runs',
        '3',
        '--project',
        project,
        '--json',
        out,
      ],
      env,
    );
    expect(r.status).toBe(0);
    const lines = readFileSync(log, 'utf8').trim().split('\n');
    const steps = lines.filter((l) => !l.startsWith('/'));
    expect(steps).toEqual(Array.from({ length: 5 }, () => ['prepare', 'run', 'cleanup']).flat());
    const dirs = [...new Set(lines.filter((l) => l.startsWith('/')))];
    expect(dirs).toHaveLength(1);
    expect(dirs[0]).not.toBe(project);
    expect(dirs[0].startsWith(`${root}/.vmbench-`)).toBe(true); // beside the project, on the same mount
    expect(readRun(out).targets[0].results[0].metrics.wall_s.n).toBe(3);
    expect(existsSync(join(project, 'prepared'))).toBe(false);
    expect(leftovers()).toEqual([]);
  });

  it('leaves out the listed paths from the copy', () => {
    const r = runCli(
      ['run', '--command', 'test ! -e src/d1 && test -e src/d2 && test -d .git', '--exclude', 'src/d1', '--runs', '1', '--project', project],
      env,
    );
    expect(r.status).toBe(0);
  });

  it('says a missing program (exit 127) was not found there, and stores no number', () => {
    const out = jsonFile();
    const r = runCli(['run', '--command', 'no-such-program-vmbench --version', '--project', project, '--json', out], env);
    expect(r.status).toBe(1);
    expect(r.stdout).toContain('no-such-program-vmbench was not found in This machine (native): install it there, or use a Docker target');
    const run = readRun(out);
    expect(run.status).toBe('failed');
    expect(run.targets[0].results).toEqual([]);
    expect(run.targets[0].errors[0]).toMatchObject({ test: 'command', place: 'native', code: 'command-not-found' });
    expect(leftovers()).toEqual([]);
  });

  it('fails the step of a command that exits non-zero, with its status and the end of its stderr', () => {
    const out = jsonFile();
    const r = runCli(['run', '--command', 'echo "tests: 2 failed" >&2; exit 3', '--project', project, '--json', out], env);
    expect(r.status).toBe(1);
    const [e] = readRun(out).targets[0].errors;
    expect(e).toMatchObject({ code: 'command-failed', place: 'native' });
    expect(e.message).toBe('The command exited with status 3 in This machine (native); the end of its stderr: tests: 2 failed');
    const prep = runCli(['run', '--command', 'true', '--prepare', 'exit 5', '--project', project], env);
    expect(prep.stdout).toContain('The prepare command exited with status 5');
    expect(leftovers()).toEqual([]);
  });

  it('runs in the real folder with --in-place, with no copy', () => {
    const r = runCli(['run', '--command', 'touch made-in-place', '--in-place', '--runs', '1', '--warmup', '0', '--project', project], env);
    expect(r.status).toBe(0);
    expect(existsSync(join(project, 'made-in-place'))).toBe(true);
    expect(r.stdout).not.toMatch(/copy of the project/);
    rmSync(join(project, 'made-in-place'));
    expect(leftovers()).toEqual([]);
  });

  it('removes the scratch copy when the run is cancelled', async () => {
    const child = spawn(process.execPath, [BIN, 'run', '--command', 'sleep 30', '--project', project], { env });
    let stderr = '';
    child.stderr.on('data', (c) => (stderr += c));
    // Cancel once the copy exists, while the command runs.
    for (let i = 0; i < 300 && leftovers().length === 0; i++) await new Promise((r) => setTimeout(r, 100));
    expect(leftovers()).toHaveLength(1);
    await new Promise((r) => setTimeout(r, 500));
    child.kill('SIGINT');
    const code = await new Promise<number | null>((r) => child.on('exit', r));
    expect(code).toBe(130);
    expect(stderr).toMatch(/Cancelling/);
    expect(leftovers()).toEqual([]);
  });

  it('refuses bad input with a usage error that says what is wrong', () => {
    const cases: [string[], RegExp][] = [
      [['--command', 'true'], /--command needs --project DIR/],
      [['--prepare', 'true'], /--prepare needs --command/],
      [['--command', 'true', '--project', project, '--runs', '0'], /--runs takes a whole number from 1 to 50, not "0"/],
      [['--command', 'true', '--project', project, '--warmup', 'x'], /--warmup takes a whole number from 0 to 100/],
      [['--command', 'true', '--project', project, '--tests', 'seq-write'], /leave out --tests/],
      [['--command', 'true', '--project', project, '--exclude', '../x'], /--exclude takes a path inside the project/],
      [['--command', '', '--project', project], /--command needs a command/],
      [['--command', 'true', '--project', join(root, 'nowhere')], /The project folder .*nowhere does not exist or is not a folder/],
      [['--tests', 'command'], /runs only with a command/],
    ];
    for (const [args, message] of cases) {
      const r = runCli(['run', ...args], env);
      expect(r.status, args.join(' ')).toBe(2);
      expect(r.stderr, args.join(' ')).toMatch(message);
    }
  });
});
