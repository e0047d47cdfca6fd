/**
 * A reader that leaves early is a normal end for the CLI (as for git and ls): through a real
 * `| head -c 1` and through pipes whose reading end is closed before the CLI writes, it exits with its
 * own code and prints no "Unhandled 'error' event … write EPIPE" stack.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeRun, result } from '../helpers/make-run.js';

const BIN = join(process.cwd(), 'bin', 'vmbench.js');
const BIG_RUN = '2026-02-01T00-00-00-local';

describe('vmbench CLI: a closed pipe ends the output quietly', () => {
  let base: string;
  let empty: string;
  let home: string;
  beforeAll(() => {
    base = mkdtempSync(join(process.cwd(), '.vmbench-tmp-epipe-'));
    empty = join(base, 'empty');
    home = join(base, 'home');
    mkdirSync(empty);
    mkdirSync(join(home, 'runs'), { recursive: true });
    // A run whose JSON export is far larger than a pipe holds (64 KiB): the CLI is still writing when head leaves.
    const samples = Array.from({ length: 100_000 }, (_, i) => 1000 + (i % 97));
    const run = makeRun(BIG_RUN, '2026-02-01T00:00:00.000Z', [result('seq-write', 'native', { write_MBps: samples })]);
    writeFileSync(join(home, 'runs', `${BIG_RUN}.json`), JSON.stringify(run));
  });
  afterAll(() => rmSync(base, { recursive: true, force: true }));

  /** No crash report of any kind on stderr. */
  const quiet = (stderr: string): void => {
    expect(stderr).not.toMatch(/EPIPE|Unhandled 'error' event|node:events|\n\s+at /);
  };

  it('vmbench export --format json | head -c 1: head gets one byte, vmbench exits 0 without a stack', () => {
    // The values go in as the shell's positional parameters, never into the script text.
    const script = '"$0" "$1" export "$2" --format json | head -c 1; echo "vmbench-exit=${PIPESTATUS[0]}" >&2';
    const r = spawnSync('/bin/bash', ['-c', script, process.execPath, BIN, BIG_RUN], {
      env: { ...process.env, VMBENCH_HOME: home },
      encoding: 'utf8',
      timeout: 120_000,
    });
    expect(r.stdout).toBe('{');
    expect(r.stderr).toMatch(/vmbench-exit=0\n$/);
    quiet(r.stderr);
  });

  /** Runs the CLI with its stdout (or stderr) pipe closed by the reader before the CLI writes a byte. */
  const closedReader = (args: string[], which: 'stdout' | 'stderr'): Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string }> =>
    new Promise((resolve) => {
      // PATH and HOME at an empty folder: detection finds only this machine, quickly.
      const child = spawn(process.execPath, [BIN, ...args], {
        env: { PATH: empty, HOME: empty, VMBENCH_HOME: join(base, 'data'), LANG: 'C.UTF-8' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stderr = '';
      if (which === 'stdout') {
        child.stdout.destroy();
        child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
      } else {
        child.stderr.destroy();
        child.stdout.resume();
      }
      child.on('close', (code, signal) => resolve({ code, signal, stderr }));
    });

  for (const command of ['detect', 'advise']) {
    it(`vmbench ${command} --json into a pipe nobody reads any more: exit 0, nothing on stderr`, async () => {
      const r = await closedReader([command, '--json'], 'stdout');
      expect(r.signal).toBeNull();
      expect(r.code).toBe(0);
      expect(r.stderr).toBe('');
    });
  }

  it('a usage error whose stderr reader is gone still leaves with its own code (2)', async () => {
    const r = await closedReader(['run', '--suite', 'nope'], 'stderr');
    expect(r.signal).toBeNull();
    expect(r.code).toBe(2);
  });
});
