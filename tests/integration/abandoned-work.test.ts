/**
 * A run killed hard (SIGKILL of vmbench and of its script's process group: nothing gets to clean up)
 * leaves its work folder `.vmbench-<pid>-<random>` in the scratch folder; the next run removes it and
 * says so. A folder of a live owner stays, one whose pid now belongs to a process started later (the pid
 * was reused) goes, and entries not named by vmbench stay. The CLI is the built bundle (bin/vmbench.js).
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OWNER_FILE, WORK_DIR as WORK_NAME } from '../../electron/engine/store/leftovers.js';
import { BIN, runCli } from '../helpers/cli.js';
import { formatBytes } from '../../electron/presentation/format.js';

const LIB = join(import.meta.dirname, '..', '..', 'bench-scripts', 'lib.sh');

/** Whether any process of the group still exists (a zombie not yet reaped counts). */
function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

describe('work folders of runs that were stopped hard', () => {
  let home: string;
  let scratch: string;
  const env = (): NodeJS.ProcessEnv => ({ ...process.env, VMBENCH_HOME: home, LANG: 'C.UTF-8', LC_ALL: '' });
  const runArgs = ['run', '--tests', 'seq-write', '--suite', 'quick'];
  beforeAll(async () => {
    home = await mkdtemp(join(process.cwd(), '.vmbench-tmp-abandoned-home-'));
    scratch = join(home, 'scratch');
  });
  afterAll(async () => {
    await rm(home, { recursive: true, force: true });
  });

  it('SIGKILL mid-test leaves the work folder; the next run removes it and reports it', async () => {
    const child = spawn(process.execPath, [BIN, ...runArgs], { env: env(), stdio: 'ignore' });
    const exited = new Promise<NodeJS.Signals | null>((done) => child.on('exit', (_code, signal) => done(signal)));
    // Wait until the script has made its work folder, recorded its owner and written into it.
    let work = '';
    await expect
      .poll(
        () => {
          const names = existsSync(scratch) ? readdirSync(scratch).filter((n) => WORK_NAME.test(n)) : [];
          work = names[0] ?? '';
          return work !== '' && readdirSync(join(scratch, work)).filter((n) => n !== OWNER_FILE).length > 0 && existsSync(join(scratch, work, OWNER_FILE));
        },
        { timeout: 120_000, interval: 50 },
      )
      .toBe(true);
    const scriptPid = Number(WORK_NAME.exec(work)![1]);
    // vmbench first (so it cannot clean up after its script), then the script's own process group (fio with it).
    child.kill('SIGKILL');
    process.kill(-scriptPid, 'SIGKILL');
    expect(await exited).toBe('SIGKILL');
    await expect.poll(() => groupAlive(scriptPid), { timeout: 15_000 }).toBe(false);
    expect(readdirSync(scratch)).toContain(work);
    const leftBytes = readdirSync(join(scratch, work)).reduce((a, n) => a + statSync(join(scratch, work, n)).size, 0);

    const again = runCli(runArgs, env(), 240_000);
    expect(again.status, again.stderr).toBe(0);
    expect(again.stdout + again.stderr).toContain(
      `Removed 1 work folder (${formatBytes(leftBytes, 'en')}) that an earlier run left behind when it was stopped: ${work}.`,
    );
    expect(await readdir(scratch)).toEqual([]);
  }, 420_000);

  it('keeps the folder of a live owner and entries not named by vmbench; removes one whose pid was reused', async () => {
    await mkdir(scratch, { recursive: true });
    // A live owner: a sh that makes its folder as the bench scripts do (vb_mkwork) and then waits.
    const holder = spawn('sh', ['-c', `. '${LIB}'; VB_DIR=$1; vb_mkwork; echo "$VB_WORK"; exec sleep 600`, 'holder', scratch], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    try {
      const liveDir = await new Promise<string>((done) => holder.stdout.once('data', (b: Buffer) => done(b.toString().trim())));
      const live = liveDir.slice(scratch.length + 1);
      expect(live).toMatch(new RegExp(`^\\.vmbench-${holder.pid}-[0-9]+$`));
      expect(existsSync(join(liveDir, OWNER_FILE))).toBe(true);
      // The test's own (live) pid, but recorded with a start time it does not have: a reused pid.
      const reused = `.vmbench-${process.pid}-12345`;
      await mkdir(join(scratch, reused));
      await writeFile(join(scratch, reused, OWNER_FILE), '1\n');
      await writeFile(join(scratch, reused, 'data'), Buffer.alloc(2 * 1048576));
      // Not named by vmbench (or not a folder): never touched, whatever their pid.
      const foreign = ['.vmbench-999999999-x', 'vmbench-999999999-1', '.vmbench-tmp-999999999-1', '.vmbench-ctl-999999999-1'];
      for (const name of foreign) await mkdir(join(scratch, name));
      await writeFile(join(scratch, '.vmbench-999999998-1'), 'a file, not a work folder\n');

      const r = runCli(runArgs, env(), 240_000);
      expect(r.status, r.stderr).toBe(0);
      expect(r.stdout + r.stderr).toContain(`Removed 1 work folder (2 MiB) that an earlier run left behind when it was stopped: ${reused}.`);
      expect((await readdir(scratch)).sort()).toEqual([live, ...foreign, '.vmbench-999999998-1'].sort());
    } finally {
      holder.kill('SIGKILL');
    }
  }, 300_000);
});
