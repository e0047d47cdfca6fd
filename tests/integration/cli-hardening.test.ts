/** The built CLI as a subprocess: output never cut in a pipe, usage errors, a data folder that cannot work, signals. */
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, runCli, type CliOut } from '../helpers/cli.js';
import { processesMentioning } from '../helpers/run-script.js';

describe('vmbench CLI hardening (built bundle)', () => {
  let home: string;
  const env = (): NodeJS.ProcessEnv => ({ ...process.env, VMBENCH_HOME: home });
  const cli = (args: string[], extra: NodeJS.ProcessEnv = {}): CliOut => {
    return runCli(args, { ...env(), ...extra }, 120_000);
  };
  beforeAll(async () => {
    home = await mkdtemp(join(process.cwd(), '.vmbench-tmp-hard-'));
  });
  afterAll(() => rm(home, { recursive: true, force: true }));

  it('bad values are usage errors (exit 2) that name the option', () => {
    const tests = cli(['run', '--tests', ',,,']);
    expect(tests.status).toBe(2);
    expect(tests.stderr).toMatch(/--tests ",,," names no test/);
    for (const port of ['1e3', '0x10', ' 80', '-1', '70000']) {
      const r = cli(['web', '--port', port]);
      expect(r.status, port).toBe(2);
      expect(r.stderr).toMatch(/--port/);
    }
  });

  it('--data-dir in a folder that cannot be written fails before the run, naming the folder', async () => {
    const r = cli(['run', '--tests', 'seq-write', '--data-dir', '/proc/x']);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/Cannot store runs in \/proc\/x/);
    expect(r.stderr).not.toMatch(/seq-write/);
  });

  it('a second run on the same data folder is refused while the first holds the lock; the lock goes with it', async () => {
    await writeFile(join(home, 'run.lock'), `${process.pid}\n`);
    const r = cli(['run', '--tests', 'seq-write']);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(new RegExp(`Another vmbench run \\(pid ${process.pid}\\) is using`));
    // A lock whose process is gone is taken over.
    await writeFile(join(home, 'run.lock'), '999999999\n');
    const ok = cli(['run', '--tests', 'small-files']);
    expect(ok.status, ok.stderr).toBe(0);
    expect(await readdir(home)).not.toContain('run.lock');
  }, 240_000);

  it('SIGTERM cancels a run (exit 130, lock released); a second signal exits at once', async () => {
    const start = (): { child: ReturnType<typeof spawn>; firstProgress: Promise<void>; done: Promise<CliOut> } => {
      const child = spawn(process.execPath, [BIN, 'run', '--tests', 'seq-write,rand-read'], { env: env(), stdio: ['ignore', 'pipe', 'pipe'] });
      let stdout = '';
      let stderr = '';
      child.stdout!.on('data', (c) => (stdout += c));
      let seen: () => void = () => undefined;
      const firstProgress = new Promise<void>((r) => (seen = r));
      child.stderr!.on('data', (c) => {
        stderr += c;
        if (/\[1\/\d+\]/.test(stderr)) seen();
      });
      const done = new Promise<CliOut>((r) => child.on('close', (status, signal) => r({ status, signal, stdout, stderr })));
      return { child, firstProgress, done };
    };
    const a = start();
    await a.firstProgress;
    a.child.kill('SIGTERM');
    const ra = await a.done;
    expect(ra.status).toBe(130);
    expect(ra.stderr).toMatch(/Cancelling/);
    expect(await readdir(home)).not.toContain('run.lock');
    expect(processesMentioning(home)).toEqual([]);

    const b = start();
    await b.firstProgress;
    b.child.kill('SIGTERM');
    b.child.kill('SIGINT');
    const rb = await b.done;
    expect(rb.status).toBe(130);
    // Nothing the run started on this machine (its sh, fio) outlives it, though the second signal left the cancel no
    // time: the exit kills every process group still registered (electron/engine/util/process-group.ts).
    await expect.poll(() => processesMentioning(home), { timeout: 2000 }).toEqual([]);
  }, 240_000);

  it('work folders of a run killed with -9 are swept at the next run, once no live process owns them', async () => {
    const scratch = join(home, 'scratch');
    // A live pid's folder (this test process) is never taken.
    await mkdir(scratch, { recursive: true });
    await mkdir(join(scratch, `.vmbench-${process.pid}-1`));
    const child = spawn(process.execPath, [BIN, 'run', '--tests', 'seq-write'], { env: env(), stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    child.stdout!.resume();
    child.stderr!.resume();
    // Wait until the script has made its work folder and written into it.
    let work: string | undefined;
    for (let i = 0; i < 600 && !work; i++) {
      await new Promise((r) => setTimeout(r, 100));
      for (const n of await readdir(scratch)) {
        if (!/^\.vmbench-\d+-\d+$/.test(n) || n.startsWith(`.vmbench-${process.pid}-`)) continue;
        if ((await readdir(join(scratch, n))).length > 0) work = n;
      }
    }
    expect(work, 'the seq-write script never created its work folder').toBeDefined();
    const scriptPid = Number(/^\.vmbench-(\d+)-/.exec(work!)![1]);
    // kill -9 of everything: the CLI's group and the script's own group; no trap runs.
    const closed = new Promise((r) => child.on('close', r));
    process.kill(-child.pid!, 'SIGKILL');
    try {
      process.kill(-scriptPid, 'SIGKILL');
    } catch {
      process.kill(scriptPid, 'SIGKILL');
    }
    await closed;
    for (let i = 0; i < 50; i++) {
      try {
        process.kill(scriptPid, 0);
        await new Promise((r) => setTimeout(r, 100));
      } catch {
        break;
      }
    }
    expect(await readdir(scratch)).toContain(work);
    await rm(join(home, 'run.lock'), { force: true }); // the killed CLI could not release it (a dead pid's lock is taken over anyway)

    const next = cli(['run', '--tests', 'small-files']);
    expect(next.status, next.stderr).toBe(0);
    expect(next.stderr).toMatch(
      new RegExp(`Removed 1 work folder \\([\\d,.]+ (KiB|MiB|GiB)\\) that an earlier run left behind when it was stopped: \\${work}`),
    );
    const left = await readdir(scratch);
    expect(left).not.toContain(work);
    expect(left).toContain(`.vmbench-${process.pid}-1`);
  }, 300_000);
});
