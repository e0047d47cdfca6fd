// perf's command section (scripts/perf/perf-command.mjs) pairs the app's wall times with the same command timed by hand:
// hyperfine natively (its --export-json read from a real file captured here, tests/fixtures/hyperfine/README.md) and a sh
// loop with the script's clock inside a container (run here with this machine's sh on a small folder).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { COMMAND, CONTAINER_TIMER, hyperfineArgs, hyperfineTimes, hyperfineVersion, timerSeconds } from '../../scripts/perf/perf-command.mjs';

const fixture = readFileSync(join(import.meta.dirname, '../fixtures/hyperfine/find-wc-2000.json'), 'utf8');

describe('perf command: hyperfine by hand', () => {
  it("reads the times of hyperfine 1.15.0's real --export-json, one per timed run, in seconds", () => {
    const times = hyperfineTimes(fixture);
    expect(times).toHaveLength(10);
    expect(times[0]).toBe(0.04952266454000001);
    expect(Math.min(...times)).toBe(0.04673016054000001);
    expect(Math.max(...times)).toBe(0.10099873854000001);
  });

  it('refuses a file without times of positive numbers, and one whose command failed (hyperfine -i)', () => {
    const json = JSON.parse(fixture);
    const variant = (f: (r: Record<string, unknown>) => void) => {
      const c = structuredClone(json);
      f(c.results[0]);
      return JSON.stringify(c);
    };
    expect(() => hyperfineTimes(variant((r) => delete r.times))).toThrow(/results\[0\]\.times/);
    expect(() => hyperfineTimes(variant((r) => (r.times = [0.05, 0])))).toThrow(/positive/);
    expect(() => hyperfineTimes(JSON.stringify({ results: [] }))).toThrow(/results\[0\]\.times/);
    expect(() => hyperfineTimes(variant((r) => ((r.exit_codes as number[])[3] = 1)))).toThrow(/exited with 1/);
  });

  it("passes the app's warm-ups, runs and prepare, and exports JSON; the version is hyperfine --version's last word", () => {
    const args = hyperfineArgs(COMMAND, '/tmp/h.json');
    expect(args.slice(args.indexOf('--warmup'), args.indexOf('--warmup') + 2)).toEqual(['--warmup', String(COMMAND.warmup)]);
    expect(args.slice(args.indexOf('--runs'), args.indexOf('--runs') + 2)).toEqual(['--runs', String(COMMAND.runs)]);
    expect(args.slice(args.indexOf('--prepare'), args.indexOf('--prepare') + 2)).toEqual(['--prepare', COMMAND.prepare]);
    expect(args.slice(args.indexOf('--export-json'), args.indexOf('--export-json') + 2)).toEqual(['--export-json', '/tmp/h.json']);
    expect(args.at(-1)).toBe(COMMAND.command);
    expect(hyperfineArgs({ ...COMMAND, prepare: '' }, 'x')).not.toContain('--prepare');
    expect(hyperfineVersion('hyperfine 1.15.0\n')).toBe('1.15.0');
  });
});

describe('perf command: the by-hand loop in a container', () => {
  let dir: string;
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('times RUNS runs in a copy beside the project, prepare before every run (warm-ups too), and removes the copy', () => {
    dir = mkdtempSync(join(tmpdir(), 'vmbench-perf-command-'));
    const project = join(dir, 'myapp');
    mkdirSync(join(project, 'src'), { recursive: true });
    writeFileSync(join(project, 'src', 'a.js'), 'x\n');
    const log = join(dir, 'log');
    const work = join(dir, '.vmbench-perf-1-abcd');
    // The command writes where it ran, so the test sees it ran in the copy and not in the project.
    const out = execFileSync('sh', ['-c', CONTAINER_TIMER, 'sh', project, work, `pwd >> ${log}.cmd; ls src >> ${log}.cmd`, `echo p >> ${log}`, '2', '3'], {
      encoding: 'utf8',
    });
    const seconds = timerSeconds(out);
    expect(seconds).toHaveLength(3);
    for (const s of seconds) expect(s).toBeGreaterThan(0);
    expect(readFileSync(log, 'utf8')).toBe('p\n'.repeat(5));
    const ran = readFileSync(`${log}.cmd`, 'utf8').trim().split('\n');
    expect(ran.filter((l) => l === join(work, 'project'))).toHaveLength(5);
    expect(ran.filter((l) => l === 'a.js')).toHaveLength(5);
    expect(existsSync(work)).toBe(false);
    expect(readdirSync(project)).toEqual(['src']);
  });

  it("reads one count of nanoseconds a line, and refuses anything else (an error's text)", () => {
    expect(timerSeconds('51234567\n1000000000\n\n')).toEqual([0.051234567, 1]);
    // The empty command's runs ("c" lines): their median is taken off every run, as hyperfine takes off its shell's start-up.
    expect(timerSeconds('c 3000000\nc 1000000\nc 2000000\n51234567\n1500000\n')).toEqual([0.049234567, 1e-9]);
    expect(() => timerSeconds('51234567\nsh: 1: date: not found\n')).toThrow(/not nanoseconds/);
  });
});
