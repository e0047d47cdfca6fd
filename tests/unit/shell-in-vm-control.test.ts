// The shell-in-VM transport's two guest programs (guest-scripts.ts), run by the local sh (dash on Debian)
// as the guest's sh runs them, without any CLI in between: the wrapper started by `sh -s -- CTL ARGS`, the
// control script by `sh -c CONTROL_SCRIPT sh stop CTL DIR`. What a caller relies on: when the control call
// returns, nothing of the run still runs and none of its files is left.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { CONTROL_SCRIPT, controlCommand, runCommand, wrapScript } from '../../electron/engine/transports/shell-in-vm/guest-scripts.js';
import { processesMentioning } from '../helpers/run-script.js';

vi.setConfig({ testTimeout: 30_000 });

let root: string;
let slowBin: string;
const started: ChildProcess[] = [];

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'vmbench-ctl-'));
  // An rm that takes a second, on the wrapper's PATH only: the wrapper's own clean-up after the script ended
  // (its last `rm -f CTL.*`) is then still running when the script's group is gone, as it may be on a busy guest.
  slowBin = join(root, 'bin');
  mkdirSync(slowBin);
  const rm = spawnSync('sh', ['-c', 'command -v rm'], { encoding: 'utf8' }).stdout.trim();
  writeFileSync(join(slowBin, 'rm'), `#!/bin/sh\nsleep 1\nexec ${rm} "$@"\n`);
  chmodSync(join(slowBin, 'rm'), 0o755);
});
afterEach(() => {
  for (const c of started.splice(0)) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Starts the wrapper with a script that sleeps, as a CLI whose connection is then lost would leave it; resolves once CTL.pgid is written. */
async function startWrapper(dir: string, ctl: string): Promise<ChildProcess> {
  const [file, ...args] = runCommand(ctl, ['30']);
  const child = spawn(file, args, { stdio: ['pipe', 'ignore', 'ignore'], env: { ...process.env, PATH: `${slowBin}:${process.env.PATH}` } });
  started.push(child);
  child.stdin.end(wrapScript('sleep "$1"\n'));
  for (let i = 0; i < 200 && !existsSync(`${ctl}.pgid`); i++) await new Promise((r) => setTimeout(r, 25));
  expect(readdirSync(dir).sort()).toEqual([`${ctl.split('/').pop()}.pgid`, `${ctl.split('/').pop()}.sh`]);
  return child;
}

function control(mode: 'stop' | 'final', stem: string, dir: string): string {
  const [file, ...args] = controlCommand(mode, stem, [dir]);
  expect(args[1]).toBe(CONTROL_SCRIPT);
  return spawnSync(file, args, { encoding: 'utf8' }).stderr;
}

describe('the control call (MODE stop) for a run whose connection is gone', () => {
  it('returns only after the wrapper ended too: no process of the run and no file of it is left', async () => {
    const dir = mkdtempSync(join(root, 'guest-'));
    const ctl = join(dir, '.vmbench-ctl-test-1');
    await startWrapper(dir, ctl);
    const said = control('stop', ctl, dir);
    expect(said).toMatch(/^vmbench: stopping the bench script in the guest \(process group \d+\)$/m);
    // Without the wait for the wrapper, its slow `rm -f CTL.*` was still running here.
    expect(processesMentioning(ctl)).toEqual([]);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('a wrapper that is already gone (killed with the session) leaves no CTL.cancel behind', async () => {
    const dir = mkdtempSync(join(root, 'guest-'));
    const ctl = join(dir, '.vmbench-ctl-test-2');
    const wrapper = await startWrapper(dir, ctl);
    wrapper.kill('SIGKILL');
    await new Promise((r) => wrapper.once('exit', r));
    control('stop', ctl, dir);
    expect(processesMentioning(ctl)).toEqual([]);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('before the wrapper started the script, CTL.cancel stays for it, and the wrapper then stops at once and removes it', async () => {
    const dir = mkdtempSync(join(root, 'guest-'));
    const ctl = join(dir, '.vmbench-ctl-test-3');
    control('stop', ctl, dir);
    expect(readdirSync(dir)).toEqual(['.vmbench-ctl-test-3.cancel']);
    const [file, ...args] = runCommand(ctl, ['30']);
    const r = spawnSync(file, args, { input: wrapScript('sleep "$1"\n'), encoding: 'utf8' });
    expect(r.status).toBe(130);
    expect(readdirSync(dir)).toEqual([]);
  });
});
