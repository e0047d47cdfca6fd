// The one process-group registry (electron/engine/util/process-group.ts): every spawn registers with it, and
// stopAllCalls (the CLI's Ctrl-C, `vmbench web` stopping) stops them all, what they started included, even
// processes that ignore SIGTERM. Real sh processes; each writes its pids to a file in the test's own folder.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { run } from '../../electron/engine/util/exec.js';
import { stopAllCalls } from '../../electron/engine/util/process-group.js';
import { LocalTransport } from '../../electron/engine/transports/local/index.js';

const root = mkdtempSync(join(tmpdir(), 'vmbench-groups-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Whether the process runs (a zombie waiting for its reaper counts as ended). */
function alive(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

const pidsIn = (file: string): number[] => (existsSync(file) ? readFileSync(file, 'utf8').split('\n').filter(Boolean).map(Number) : []);

/** sh that ignores SIGTERM, starts a child that ignores it too and has let go of the output, writes both pids, and waits. */
const stubborn = (file: string): string => `trap '' TERM; /bin/sleep 60 </dev/null >/dev/null 2>&1 & echo $! >> '${file}'; echo $$ >> '${file}'; wait`;

describe('stopAllCalls', () => {
  it('stops every spawn, a CLI call and a bench script on this machine, with what each started, though all ignore SIGTERM', async () => {
    const callPids = join(root, 'call.pids');
    const scriptPids = join(root, 'script.pids');
    const call = run('sh', ['-c', stubborn(callPids)], { timeoutMs: 120_000 }).then(
      () => 'resolved',
      (e: { code?: string }) => e.code,
    );
    const scratch = mkdtempSync(join(root, 'scratch-'));
    const script = new LocalTransport(scratch).run(
      { name: 'stubborn.sh', source: stubborn(scriptPids), args: [] },
      { signal: new AbortController().signal, timeoutMs: 120_000, onEvent: () => undefined },
    );
    await expect.poll(() => pidsIn(callPids).length + pidsIn(scriptPids).length, { timeout: 20_000 }).toBe(4);
    const pids = [...pidsIn(callPids), ...pidsIn(scriptPids)];
    expect(pids.filter(alive)).toEqual(pids);

    await stopAllCalls();
    expect(await call).toBe('cancelled');
    expect((await script).exitCode).toBeNull();
    // SIGKILL is sent by then; the kernel ends a process at its next step, which a loaded machine may not have scheduled yet.
    await expect.poll(() => pids.filter(alive), { timeout: 10_000 }).toEqual([]);
  });

  it('a bench script on this machine: what it left running in its group is killed when it ends', async () => {
    const pidFile = join(root, 'left.pids');
    const scratch = mkdtempSync(join(root, 'scratch-'));
    const r = await new LocalTransport(scratch).run(
      { name: 'leaves.sh', source: `/bin/sleep 60 </dev/null >/dev/null 2>&1 & echo $! > '${pidFile}'; exit 0`, args: [] },
      { signal: new AbortController().signal, timeoutMs: 120_000, onEvent: () => undefined },
    );
    expect(r).toEqual({ exitCode: 0, cancelled: false, timedOut: false });
    const [pid] = pidsIn(pidFile);
    expect(pid).toBeGreaterThan(0);
    // Killed when the script ended (SIGKILL to its group); gone once the kernel has run it (a loaded machine may take a moment).
    await expect.poll(() => alive(pid), { timeout: 10_000 }).toBe(false);
  });
});

describe('every spawn goes through the registry', () => {
  it('no file under electron/ but util/process-group.ts starts a process (execa or node:child_process)', () => {
    const electron = join(import.meta.dirname, '..', '..', 'electron');
    const files = readdirSync(electron, { recursive: true, encoding: 'utf8' }).filter((f) => /\.tsx?$/.test(f));
    // A type import (execa's ResultPromise) starts nothing.
    const spawning = files.filter((f) => /^import (?!type )[^;]*from '(execa|(node:)?child_process)'/m.test(readFileSync(join(electron, f), 'utf8')));
    expect(spawning).toEqual([join('engine', 'util', 'process-group.ts')]);
  });
});
