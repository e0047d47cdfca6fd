/**
 * What the CLI prints is data, never terminal control: ESC sequences, BEL, CR and bidi overrides
 * from three real routes (a tool's error text inside a run, a run file's name in the history, a target
 * id the user typed) reach neither stdout nor stderr of the built CLI; the text around them stays.
 */
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';

/** Any raw control a terminal acts on: C0 but newline and tab, DEL, C1, and the bidi embeddings, overrides and isolates. */
const RAW = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

describe('vmbench CLI output cannot drive the terminal', () => {
  let base: string;
  const cli = (args: string[], env: NodeJS.ProcessEnv = {}): { status: number | null; stdout: string; stderr: string } => {
    return runCli(args, { ...process.env, VMBENCH_HOME: join(base, 'home'), ...env }, 240_000);
  };
  beforeAll(() => {
    base = mkdtempSync(join(process.cwd(), '.vmbench-tmp-termsafe-'));
  });
  afterAll(() => rmSync(base, { recursive: true, force: true }));

  it("a tool's error text (ESC, BEL, CR, RLO) reaches the progress lines and the run summary neutralised", () => {
    // A fio on PATH that fails the way a broken one in a guest does, with terminal controls in its message.
    const bin = join(base, 'bin');
    mkdirSync(bin, { recursive: true });
    writeFileSync(
      join(bin, 'fio'),
      [
        '#!/bin/sh',
        'case "$1" in --version) echo fio-3.33; exit 0;; --enghelp) exit 0;; esac',
        "printf 'bad \\033[31mred\\033[0m \\033]0;title\\007bell\\007 cr\\rover \\342\\200\\256evil\\n' >&2",
        'exit 1',
        '',
      ].join('\n'),
    );
    chmodSync(join(bin, 'fio'), 0o755);
    const r = cli(['run', '--target', 'local', '--tests', 'seq-write'], { PATH: `${bin}:${process.env.PATH}` });
    expect(r.status, r.stderr).toBe(1);
    const shown = 'fio failed (exit 1): bad red bell crover evil';
    expect(r.stderr).toContain(`local native seq-write: ${shown}`); // the progress line
    expect(r.stdout).toContain(`tool-failed: ${shown}`); // the summary's errors
    expect(r.stdout).not.toMatch(RAW);
    expect(r.stderr).not.toMatch(RAW);
  });

  it('a run file named with ESC sequences, BEL, CR and bidi controls: the runs warning shows its name as text; --json escapes it', () => {
    const runs = join(base, 'home', 'runs');
    mkdirSync(runs, { recursive: true });
    const name = 'bad\u001b]0;pwned\u0007\u001b[2J\u202eevil\u2066\r.json';
    writeFileSync(join(runs, name), '{');
    const r = cli(['runs']);
    expect(r.status).toBe(0);
    expect(r.stderr).toContain('warning: Skipped run file badevil.json: it is not valid JSON');
    expect(r.stderr).not.toMatch(RAW);
    expect(r.stdout).not.toMatch(RAW);
    const j = cli(['runs', '--json']);
    expect(j.stdout).not.toMatch(RAW);
    expect((JSON.parse(j.stdout) as { skipped: { message: string }[] }).skipped[0].message).toContain(name); // the same data, escaped
    rmSync(join(runs, name));
  });

  it('a typed target id with ESC, BEL, CR and bidi controls comes back in the error line as plain text', () => {
    const r = cli(['run', '--target', '\u001b[31mX\u202e\u2067\u0007\r']);
    expect(r.status).toBe(2);
    expect(r.stderr).toBe('vmbench: "X" is not a target id (such as local, docker:default or lima:default). `vmbench detect` lists the targets.\n');
    expect(r.stdout).toBe('');
  });
});
