/**
 * A run of the user's own command keeps the command as asked (Run.command) and names it on the card, in Compare and in its
 * one line; every export (Markdown, CSV, JSON, the card, a comparison's exports and card) shows its project folder as
 * `<project>`, wherever it appears: the run's own record, the command's text, a prepare step, an error's stderr. The
 * results are shaped as command.sh reports them (params commandText/prepareText, `sh -c` command line).
 */
import { describe, expect, it } from 'vitest';
import type { Run, TestResult } from '../../electron/contract/contract.js';
import { compareRuns } from '../../electron/engine/compare.js';
import { exportComparison, exportRun, redactRun, renderCardSvg, type RedactContext } from '../../electron/engine/report/index.js';
import { summarizeRun } from '../../electron/engine/store/summary.js';
import { commandLine, commandText } from '../../electron/presentation/command-line.js';
import { makeRun, result } from '../helpers/make-run.js';

const ctx: RedactContext = { home: '/home/someone', user: 'someone', host: 'elsewhere' };

/** A command result as command.sh reports it (wall, user and sys seconds per run). */
function commandResult(place: TestResult['place'], wall: number[], command: string, prepare = ''): TestResult {
  const r = result('command', place, { wall_s: wall, user_s: wall.map(() => 0.01), sys_s: wall.map(() => 0.02) });
  return {
    ...r,
    tool: { name: 'sh', version: null, method: 'sh -c COMMAND in a scratch copy of the project' },
    params: { trials: wall.length, warmup: 1, inPlace: false, exitStatus: 0, commandText: command, prepareText: prepare, cleanupText: '' },
    command: `sh -c '${command}'`,
  };
}

/** A command run: native and a second target's shared folder, its project at `project`, the command naming the project too. */
function commandRun(id: string, project: string, command: string, wall = [3.4, 3.5, 3.3]): Run {
  const prepare = `rm -rf ${project}/node_modules/.cache`;
  const run = makeRun(id, '2026-11-28T10:00:00.000Z', [commandResult('native', wall, command, prepare)]);
  run.tests = ['command'];
  run.command = { command, project, prepare };
  run.targets.push({
    id: 'docker:default',
    runtime: 'docker',
    label: 'Docker Engine',
    settings: {},
    probe: null,
    results: [
      commandResult(
        'shared',
        wall.map((x) => x * 2.8),
        command,
        prepare,
      ),
    ],
    errors: [{ test: 'command', place: 'shared', code: 'outlier-runs', message: `stderr: ${project}/package.json: read` }],
    status: 'ok',
  });
  return run;
}

const OUTSIDE = '/srv/work/acme-shop';
const UNDER_HOME = '/home/someone/code/acme-shop';

describe("the user's command: its project folder in every export", () => {
  for (const project of [OUTSIDE, UNDER_HOME]) {
    // Under the home folder the command may name the project as ~/…, which goes too.
    const tilde = project === UNDER_HOME ? ' && ls ~/code/acme-shop' : '';
    const run = (): Run => commandRun('2026-11-28T10-00-00-local', project, `npm ci --prefix ${project}${tilde}`);
    it(`${project}: Markdown, CSV, JSON and the card show <project>, never the folder or its name`, () => {
      for (const format of ['md', 'csv', 'json'] as const) {
        const text = exportRun(run(), format, ctx).content;
        expect(text, format).not.toContain('acme-shop');
        expect(text, format).toContain('<project>');
      }
      const json = JSON.parse(exportRun(run(), 'json', ctx).content) as Run;
      expect(json.command).toMatchObject({
        command: `npm ci --prefix <project>${tilde ? ' && ls <project>' : ''}`,
        project: '<project>',
        prepare: 'rm -rf <project>/node_modules/.cache',
      });
      expect(json.targets[1].errors[0].message).toBe('stderr: <project>/package.json: read');
      const svg = renderCardSvg(run(), { redact: ctx });
      expect(svg).not.toContain('acme-shop');
      expect(svg).toContain('npm ci --prefix &lt;project&gt;');
    });

    it(`${project}: a comparison's exports and card redact both runs' project folders`, () => {
      const a = run();
      const b = commandRun('2026-11-28T11-00-00-local', project, a.command!.command, [3.0, 3.1, 3.05]);
      const projects = [a.command!.project, b.command!.project];
      for (const format of ['md', 'csv', 'json'] as const) {
        const text = exportComparison(compareRuns(a, b), format, { ...ctx, projects }).content;
        expect(text, format).not.toContain('acme-shop');
      }
      const svg = renderCardSvg(b, { compare: compareRuns(a, b), redact: { ...ctx, projects } });
      expect(svg).not.toContain('acme-shop');
    });
  }

  it('a path that only starts like the project is left alone (a sibling folder), and the project inside a longer word is not cut', () => {
    const r = commandRun('2026-11-28T10-00-00-local', OUTSIDE, `diff -r ${OUTSIDE}-old ${OUTSIDE}`);
    expect(redactRun(r, ctx).command!.command).toBe(`diff -r ${OUTSIDE}-old <project>`);
  });
});

describe("the user's command: named by the card, Compare and the history line", () => {
  it('the card titles the run with its command and each place: native seconds, the other place with its ratio to native', () => {
    const r = commandRun('2026-11-28T10-00-00-local', OUTSIDE, 'npm ci');
    expect(commandLine(r, 'en')).toBe('npm ci: native 3.4 s · Docker Engine shared folder 9.52 s (2.80×)');
    expect(renderCardSvg(r, { redact: ctx, lang: 'en' })).toContain('npm ci: native 3.4 s · Docker Engine shared folder 9.52 s (2.80×)');
    expect(commandLine(r, 'ja')).toBe('npm ci：ネイティブ 3.4 s · Docker Engine 共有フォルダ 9.52 s（2.80×）');
  });

  it('a run stored before Run.command is named by what its results recorded; a disk run names none', () => {
    const r = commandRun('2026-11-28T10-00-00-local', OUTSIDE, 'git status');
    delete r.command;
    expect(commandText(r)).toBe('git status');
    expect(summarizeRun(r).command).toBe('git status');
    expect(commandText(makeRun('x', '2026-11-28T10:00:00.000Z', [result('seq-write', 'native', { MBps: [1, 2, 3] })]))).toBeUndefined();
  });

  it('Compare says so when the two runs timed different commands, and not when they timed the same', () => {
    const a = commandRun('2026-11-28T10-00-00-local', OUTSIDE, 'npm ci');
    const same = commandRun('2026-11-28T11-00-00-local', OUTSIDE, 'npm ci', [3.0, 3.1, 3.05]);
    const other = commandRun('2026-11-28T12-00-00-local', OUTSIDE, 'npm test', [3.0, 3.1, 3.05]);
    expect(compareRuns(a, same).commands).toBeUndefined();
    expect(compareRuns(a, other).commands).toEqual({ a: 'npm ci', b: 'npm test' });
  });
});
