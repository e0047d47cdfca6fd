/**
 * `vmbench run --command` through the engine in a libvirt TCG guest of this file's own (scripts/libvirt-test-guest.mjs: the cached
 * Debian image, user-mode networking, the guest agent, a 9p share of a host temp folder at /mnt/host), not the stream's shared
 * guest: the user's command on a generated git project that lies under the share, in the 9p share (the scratch copy beside the
 * project, over 9p) and on the guest's own disk (a copy made inside from the share). A project under no share is timed on the
 * guest's own disk only, in a copy uploaded into the guest through the agent (with an --exclude left out of it), and the log says
 * so. Afterwards no scratch copy and no upload is left in the share or on the guest disk.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
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

  it('times a project under none of its shares on the guest disk only, in a copy uploaded into the guest, and leaves nothing there', async () => {
    const outside = mkdtempSync(join(home, 'outside-'));
    makeGitProject(outside, 120);
    // Left out of the upload (and so of the guest's copy): the command fails if it is there.
    mkdirSync(join(outside, 'node_modules', 'big'), { recursive: true });
    writeFileSync(join(outside, 'node_modules', 'big', 'blob'), Buffer.alloc(2 * 1024 * 1024, 1));
    const { jobId } = await call<{ jobId: string }>('run.start', {
      suite: 'quick',
      targets: [target],
      command: {
        command: 'test -d .git && test ! -e node_modules && find . -type f | wc -l >/dev/null',
        project: outside,
        runs: 3,
        warmup: 0,
        exclude: ['node_modules'],
      },
    });
    await engine.waitForJob(jobId);
    const mine = events.filter((e) => e.jobId === jobId);
    const logs = mine.filter((e): e is Extract<JobEvent, { type: 'log' }> => e.type === 'log').map((e) => e.message);
    const finished = mine.find((e): e is Extract<JobEvent, { type: 'job-finished' }> => e.type === 'job-finished')!;
    const said = JSON.stringify([finished.message, logs, mine.filter((e) => e.type === 'test-error')]);
    expect(finished.status, said).toBe('completed');
    const run = await call<Run>('runs.get', finished.runId!);
    const t = run.targets[0];
    expect(t.errors.filter((e) => e.code !== 'slow-first-run' && e.code !== 'outlier-runs')).toEqual([]);
    expect(t.results.map((r) => r.place)).toEqual(['guest']);
    const r = t.results[0];
    expect(r.metrics.wall_s.n).toBe(3);
    expect(r.params).toMatchObject({ exitStatus: 0, inPlace: false });
    expect(r.params.uploadSec).toBeGreaterThan(0);
    expect(r.params.uploadBytes).toBeGreaterThan(0);
    expect(r.params.uploadBytes).toBeLessThan(2 * 1024 * 1024);
    log(`guest (uploaded in ${r.params.uploadSec} s, ${r.params.uploadBytes} bytes): ${r.metrics.wall_s.median} s (copy ${r.params.copySec} s)`);
    expect(logs.join('\n')).toMatch(
      new RegExp(
        `: the project ${outside.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} is under none of its shared folders, so only its guest disk is measured, with a copy \\([\\d,.]+ [KM]iB\\) uploaded into the VM\\.`,
      ),
    );
    expect(logs.join('\n')).toMatch(/: uploaded the project \([\d,.]+ [KM]iB\) into the VM in [0-9.]+ s \(not counted\)\./);
    expect((await guestLs('/var/tmp/vmbench')).filter((n) => n.startsWith('.vmbench-'))).toEqual([]);
    expect((await guestLs('/tmp')).filter((n) => n.startsWith('vmbench-'))).toEqual([]);
  }, 1_800_000);
});
