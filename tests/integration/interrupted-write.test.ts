/**
 * A killed export leaves its temp file next to the user's report; the next export into that folder
 * removes it, and so does the next start of vmbench (the killed process had recorded the folder), and leaves a live process's temp file and files not named by vmbench alone.
 * The CLI is the built bundle (bin/vmbench.js); VMBENCH_TEST_HOLD_TEMP_IN makes its write stop once
 * the temp file is written, so the SIGKILL lands mid-write every time.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RunStore } from '../../electron/engine/store/run-store.js';
import { TEMP_NAME, WRITES_RECORD_DIR } from '../../electron/engine/util/atomic-write.js';
import { BIN, runCli } from '../helpers/cli.js';
import { makeRun, result } from '../helpers/make-run.js';

describe('no temp file of a killed export survives the next export into its folder', () => {
  let home: string;
  let out: string;
  const run = makeRun('2026-11-21T10-00-00-local', '2026-11-21T10:00:00.000Z', [result('seq-write', 'native', { write_MBps: [100, 110, 120] })]);
  const env = (): NodeJS.ProcessEnv => ({ ...process.env, VMBENCH_HOME: home, LANG: 'C.UTF-8', LC_ALL: '' });
  beforeAll(async () => {
    home = await mkdtemp(join(process.cwd(), '.vmbench-tmp-killed-export-home-'));
    out = await mkdtemp(join(process.cwd(), '.vmbench-tmp-killed-export-out-'));
    await new RunStore(home).save(run);
  });
  afterAll(async () => {
    await rm(home, { recursive: true, force: true });
    await rm(out, { recursive: true, force: true });
  });

  /** Starts `vmbench export` into `folder`, holds it once its temp file is written, and SIGKILLs it; returns its pid. */
  async function killedExport(folder: string): Promise<number> {
    const child = spawn(process.execPath, [BIN, 'export', run.id, '--format', 'md', '--out', join(folder, 'report.md')], {
      env: { ...env(), VMBENCH_TEST_HOLD_TEMP_IN: folder },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    const exited = new Promise<NodeJS.Signals | null>((done) => child.on('exit', (_code, signal) => done(signal)));
    let stderr = '';
    await new Promise<void>((held, failed) => {
      child.stderr.on('data', (b: Buffer) => {
        stderr += b.toString();
        if (stderr.includes('holding the temp file')) held();
      });
      child.on('exit', () => failed(new Error(`the export ended before its temp file was held: ${stderr}`)));
    });
    child.kill('SIGKILL');
    expect(await exited).toBe('SIGKILL');
    return child.pid!;
  }

  it('SIGKILL mid-write leaves .report.md.vmbench-tmp-<pid>-<hex>; the next export removes it', async () => {
    const report = join(out, 'report.md');
    const child = { pid: await killedExport(out) };

    const left = (await readdir(out)).filter((n) => TEMP_NAME.test(n));
    expect(left).toEqual([expect.stringMatching(new RegExp(`^\\.report\\.md\\.vmbench-tmp-${child.pid}-[0-9a-f]{12}$`))]);
    expect(await readFile(join(out, left[0]), 'utf8')).toContain('vmbench');
    expect((await readdir(out)).includes('report.md')).toBe(false);

    // A temp file of a live writer (this test's own process) and files vmbench did not name stay.
    const live = `.notes.md.vmbench-tmp-${process.pid}-0123456789ab`;
    const foreign = ['.report.md.5f3a9c1e2b7d.tmp', 'report.md.vmbench-tmp-1-0123456789ab', '.report.md.vmbench-tmp-x-0123456789ab'];
    for (const name of [live, ...foreign]) await writeFile(join(out, name), "not vmbench's to remove\n");

    const again = runCli(['export', run.id, '--format', 'md', '--out', report], env(), 60_000);
    expect(again.status, again.stderr).toBe(0);
    const after = await readdir(out);
    expect(after).not.toContain(left[0]);
    expect(after.sort()).toEqual([live, ...foreign, 'report.md'].sort());
    expect(await readFile(report, 'utf8')).toContain(run.id);
  }, 120_000);

  it('the next start of vmbench, whatever the command, removes it: the killed export had recorded the folder in the data folder', async () => {
    const folder = await mkdtemp(join(process.cwd(), '.vmbench-tmp-killed-export-elsewhere-'));
    try {
      const pid = await killedExport(folder);
      const record = join(home, WRITES_RECORD_DIR, `${pid}.folders`);
      expect(
        (await readFile(record, 'utf8'))
          .trim()
          .split('\n')
          .map((l) => JSON.parse(l) as string),
      ).toEqual([folder]);
      const left = (await readdir(folder)).filter((n) => TEMP_NAME.test(n));
      expect(left).toHaveLength(1);
      const live = `.notes.md.vmbench-tmp-${process.pid}-0123456789ab`;
      await writeFile(join(folder, live), "a live writer's\n");

      // `vmbench runs` writes nothing beside the report; its start sweeps what the record names.
      const listed = runCli(['runs', '--json'], env(), 60_000);
      expect(listed.status, listed.stderr).toBe(0);
      expect(await readdir(folder)).toEqual([live]);
      expect(await readdir(join(home, WRITES_RECORD_DIR))).not.toContain(`${pid}.folders`);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  }, 120_000);
});
