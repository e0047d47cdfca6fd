// The README's first command on a machine without fio (every Mac out of the box): the quick suite measures
// what it can with dd and sh, skips random reads with fio's install hint, and ends complete (exit 0). A test
// the user asks for by name and cannot run is still a failure. The real CLI, the real dd and sh, on a PATH
// that holds every program of this machine's PATH but fio.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { hostOnlyEnv } from '../helpers/host-only-env.js';

let root: string;
let env: NodeJS.ProcessEnv;

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'vmbench-no-fio-'));
  const bin = join(root, 'bin');
  mkdirSync(bin);
  for (const dir of (process.env.PATH ?? '').split(delimiter).filter((d) => d && existsSync(d))) {
    for (const name of readdirSync(dir)) {
      if (name === 'fio' || existsSync(join(bin, name))) continue;
      symlinkSync(join(dir, name), join(bin, name));
    }
  }
  const home = join(root, 'home');
  mkdirSync(home);
  env = { ...hostOnlyEnv(home), PATH: bin, VMBENCH_HOME: join(root, 'data'), LANG: 'C.UTF-8' };
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('a machine without fio', () => {
  it('runs the quick suite with dd and sh, skips random reads with the install hint, and exits 0', () => {
    const out = runCli(['run', '--suite', 'quick', '--json', join(root, 'run.json')], env);
    expect(out.status, out.stderr).toBe(0);
    expect(out.stdout).toMatch(/\(quick, completed\)/);
    expect(out.stdout).toMatch(/local: ok/);
    expect(out.stdout).toMatch(/tool-skipped: fio not found in this target: install fio .* to measure random reads/);
    // What it could measure, it measured, and says how.
    expect(out.stdout).toMatch(/seq-write\s+write_MBps/);
    expect(out.stdout).toMatch(/small-files\s+create_per_s/);
    expect(out.stdout).toMatch(/tools: dd, sh/);
    expect(out.stdout).not.toMatch(/rand-read\s+read_iops/);
  }, 300_000);

  it('fails a test asked for by name that it cannot run (tool-missing, exit 1)', () => {
    const out = runCli(['run', '--suite', 'quick', '--tests', 'rand-read'], env);
    expect(out.status).toBe(1);
    expect(out.stdout).toMatch(/\(quick, failed\)/);
    expect(out.stdout).toMatch(/tool-missing: fio not found in this target/);
  }, 120_000);
});
