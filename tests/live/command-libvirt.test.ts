/**
 * `vmbench run --command` through the engine in a libvirt TCG guest of this file's own (scripts/libvirt-test-guest.mjs: the cached
 * Debian image, user-mode networking, the guest agent, a 9p share of a host temp folder at /mnt/host), not the stream's shared
 * guest: the user's command on a generated git project that lies under the share, in the 9p share (the scratch copy beside the
 * project, over 9p) and on the guest's own disk (a copy made inside from the share). A project under no share is refused with a
 * message that says so. Afterwards no scratch copy is left in the share or on the guest disk.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Envelope, JobEvent, Run } from '../../electron/contract/contract.js';
import { createEngine, type Engine } from '../../electron/engine/api.js';
import { makeGitProject } from '../helpers/git-project.js';
import { buildGuestImage, guestExec, startTestGuest } from '../../scripts/libvirt-test-guest.mjs';

const repo = resolve(import.meta.dirname, '..', '..');
const URI = 'qemu:///system';
const home = mkdtempSync(join(repo, '.vmbench-tmp-command-libvirt-'));
const log = (s: string): void => void process.stdout.write(`[command-libvirt] ${s}\n`);
let guest: { name: string; share: string; stop(): Promise<void> } | undefined;
let target = '';
let engine: Engine;
let project = '';
const events: JobEvent[] = [];
const savedUri = process.env.VMBENCH_LIBVIRT_URI;

async function call<T>(channel: string, ...args: unknown[]): Promise<T> {
  const env = (await engine.dispatch(channel, args)) as Envelope<T>;
  if (!env.ok) throw new Error(`${env.error.code}: ${env.error.message}`);
  return env.value;
}

/** Entries of a guest folder. */
async function guestLs(dir: string): Promise<string[]> {
  const r = await guestExec(URI, guest!.name, '/bin/sh', ['-c', 'ls -A "$1" 2>/dev/null || true', 'ls', dir]);
  return r.stdout.split('\n').filter(Boolean);
}

beforeAll(async () => {
  execFileSync('sh', [join(repo, 'scripts', 'setup-live.sh')], { stdio: ['ignore', 'inherit', 'inherit'], timeout: 900_000 });
  const started = await startTestGuest({ image: buildGuestImage(), name: `vmbench-cmd-${process.pid}`, uri: URI, nicModel: 'virtio', withShare: true, log });
  guest = { name: started.name, share: started.share!, stop: started.stop };
  target = `libvirt:${guest.name}`;
  project = join(guest.share, 'app');
  mkdirSync(project);
  makeGitProject(project, 300);
  execFileSync('chmod', ['-R', 'a+rwX', project]);
  process.env.VMBENCH_LIBVIRT_URI = URI;
  engine = createEngine({ dataDir: join(home, 'data'), mode: 'cli' });
  engine.subscribe((e) => events.push(e));
}, 1_800_000);

afterAll(async () => {
  await engine?.close();
  await guest?.stop();
  if (savedUri === undefined) delete process.env.VMBENCH_LIBVIRT_URI;
  else process.env.VMBENCH_LIBVIRT_URI = savedUri;
  rmSync(home, { recursive: true, force: true });
}, 180_000);

describe('your own command in a libvirt guest: the 9p share and the guest disk', () => {
  it('times it in the share (a copy beside the project) and on the guest disk (a copy made inside), and leaves no copy', async () => {
    const { jobId } = await call<{ jobId: string }>('run.start', {
      suite: 'quick',
      targets: [target],
      command: { command: 'test -d .git && find . -type f | wc -l >&2 && tar -cf - . | wc -c >/dev/null', project, runs: 3, warmup: 0 },
    });
    await engine.waitForJob(jobId);
    const finished = events.find((e): e is Extract<JobEvent, { type: 'job-finished' }> => e.jobId === jobId && e.type === 'job-finished')!;
    expect(finished.status, JSON.stringify(events.filter((e) => e.jobId === jobId && e.type === 'log'))).toBe('completed');
    const run = await call<Run>('runs.get', finished.runId!);
    const t = run.targets[0];
    expect(t.errors.filter((e) => e.code !== 'slow-first-run' && e.code !== 'outlier-runs')).toEqual([]);
    expect(t.results.map((r) => r.place)).toEqual(['shared', 'guest']);
    for (const r of t.results) {
      expect(r.metrics.wall_s.n, r.place).toBe(3);
      expect(r.params).toMatchObject({ exitStatus: 0, inPlace: false });
      log(`${r.place}: ${r.metrics.wall_s.median} s (copy ${r.params.copySec} s)`);
    }
    expect(t.probe?.mounts).toContainEqual({ path: '/mnt/host', fstype: '9p' });
    expect(readdirSync(guest!.share).filter((n) => n.startsWith('.vmbench-'))).toEqual([]);
    expect((await guestLs('/var/tmp/vmbench')).filter((n) => n.startsWith('.vmbench-'))).toEqual([]);
  }, 1_800_000);

  it('refuses a project that lies under none of its shares when no target is left, and says so', async () => {
    const outside = mkdtempSync(join(home, 'outside-'));
    const env = (await engine.dispatch('run.start', [{ suite: 'quick', targets: [target], command: { command: 'true', project: outside } }])) as Envelope<{
      jobId: string;
    }>;
    expect(env.ok).toBe(true);
    const jobId = (env as { value: { jobId: string } }).value.jobId;
    await engine.waitForJob(jobId);
    const finished = events.find((e): e is Extract<JobEvent, { type: 'job-finished' }> => e.jobId === jobId && e.type === 'job-finished')!;
    expect(finished.status).toBe('failed');
    expect(finished.message).toMatch(/^No target can run your command: .* is left out: it cannot see .*outside-.*, which is under none of its shared folders/);
  }, 300_000);
});
