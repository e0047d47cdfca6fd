import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { RuntimeInfo } from '../../electron/contract/contract.js';
import { createDetectContext } from '../../electron/engine/runtimes/detect.js';
import { parseShareMounts } from '../../electron/engine/runtimes/libvirt/guest-agent.js';
import { libvirtTransport } from '../../electron/engine/transports/libvirt/for-runtime.js';
import { LibvirtAgentTransport } from '../../electron/engine/transports/libvirt/index.js';
import { isWorkDirName, KILL_SNIPPET, LIST_WORK_SNIPPET, PREPARE_SNIPPET } from '../../electron/engine/transports/libvirt/guest-scripts.js';

function runtime(settings: Record<string, unknown>, reason?: string): RuntimeInfo {
  return {
    id: 'libvirt:web',
    kind: 'libvirt',
    name: 'libvirt web',
    version: '9.0.0',
    state: 'running',
    settings,
    settingsSource: {},
    targets: [],
    findings: [],
    ...(reason ? { reason } : {}),
  };
}
const ctx = (env: NodeJS.ProcessEnv = {}): ReturnType<typeof createDetectContext> =>
  createDetectContext({ env: { PATH: process.env.PATH, ...env }, dataDir: tmpdir() });

describe('libvirt guest-agent transport: places and wiring', () => {
  it('reads 9p and virtiofs mounts (with octal escapes) from /proc/mounts', () => {
    const text = '/dev/vda / ext4 rw 0 0\nhostshare /mnt/host 9p rw,trans=virtio 0 0\nproj /srv/my\\040proj virtiofs rw 0 0\nproc /proc proc rw 0 0\n';
    expect(parseShareMounts(text)).toEqual([
      { tag: 'hostshare', path: '/mnt/host', fstype: '9p' },
      { tag: 'proj', path: '/srv/my proj', fstype: 'virtiofs' },
    ]);
  });

  it('offers the shared place only where a share is mounted', () => {
    const both = new LibvirtAgentTransport({ uri: 'qemu:///system', domain: 'web', sharedDir: '/mnt/host', guestDir: '/var/tmp/vmbench' });
    expect([both.places(), both.placeDir('shared'), both.placeDir('guest')]).toEqual([['shared', 'guest'], '/mnt/host', '/var/tmp/vmbench']);
    const diskOnly = new LibvirtAgentTransport({ uri: 'qemu:///system', domain: 'web', sharedDir: null, guestDir: '/var/tmp/vmbench' });
    expect(diskOnly.places()).toEqual(['guest']);
    expect(() => diskOnly.placeDir('shared')).toThrow(/no shared place/);
  });

  it('opens a transport only when the guest agent answered, with the detected share and env overrides', () => {
    const rt = runtime({ guestAgent: 'answers', libvirtUri: 'qemu:///session', sharedDir: '/mnt/host', vmType: 'kvm' });
    expect(libvirtTransport(rt, rt.id, ctx())?.places()).toEqual(['shared', 'guest']);
    const t = libvirtTransport(rt, rt.id, ctx({ VMBENCH_LIBVIRT_SHARED_DIR: '/srv/share', VMBENCH_LIBVIRT_GUEST_DIR: '/data/bench' }))!;
    expect([t.placeDir('shared'), t.placeDir('guest')]).toEqual(['/srv/share', '/data/bench']);
    expect(() => libvirtTransport(rt, rt.id, ctx({ VMBENCH_LIBVIRT_GUEST_DIR: 'relative' }))).toThrow(/absolute path/);
    const silent = runtime({ guestAgent: 'not-answering' }, 'its QEMU guest agent does not answer (not connected)');
    expect(() => libvirtTransport(silent, silent.id, ctx())).toThrow(/Cannot run the suite inside libvirt web: its QEMU guest agent does not answer/);
  });

  it('only removes names the bench scripts create', () => {
    expect(['.vmbench-12-345', '.vmbench-perf-1', '..', '.vmbench-', 'data', '.vmbench-a/b'].map(isWorkDirName)).toEqual([
      true,
      true,
      false,
      false,
      false,
      false,
    ]);
  });
});

describe('the fixed guest snippets (run here in dash: values only as arguments)', () => {
  it('lists work directories, even with spaces and quotes in the folder name', () => {
    const dir = mkdtempSync(join(tmpdir(), "vmbench unit 'x' "));
    try {
      execFileSync('mkdir', [join(dir, '.vmbench-1-2'), join(dir, 'other')]);
      expect(execFileSync('sh', ['-c', LIST_WORK_SNIPPET, 'vmbench', dir], { encoding: 'utf8' })).toBe('.vmbench-1-2\n');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('prepares a run: a private 0700 folder, the test folder, and the work directories already there', () => {
    const dir = mkdtempSync(join(tmpdir(), 'vmbench-prep-'));
    try {
      execFileSync('mkdir', [join(dir, 'place'), join(dir, 'place', '.vmbench-9-9')]);
      const out = execFileSync('sh', ['-c', PREPARE_SNIPPET, 'vmbench', join(dir, 'run'), join(dir, 'new', 'guest dir'), join(dir, 'place')], {
        encoding: 'utf8',
      });
      expect(out).toBe('.vmbench-9-9\n');
      expect(statSync(join(dir, 'run')).mode & 0o777).toBe(0o700);
      expect(statSync(join(dir, 'new', 'guest dir')).isDirectory()).toBe(true);
      // An existing private folder (or a planted symlink) is refused, not reused.
      expect(() => execFileSync('sh', ['-c', PREPARE_SNIPPET, 'vmbench', join(dir, 'run'), '', ''], { stdio: 'ignore' })).toThrow();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('signals a process group from a pid file, and never a bare pid in group-only mode', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'vmbench-kill-'));
    try {
      const pidFile = join(dir, 'pid');
      const child = spawn('setsid', ['sh', '-c', 'echo $$ >"$1"; exec sleep 30', 'x', pidFile], { stdio: 'ignore' });
      const exited = new Promise<NodeJS.Signals | null>((r) => child.on('exit', (_code, sig) => r(sig)));
      for (let i = 0; i < 100 && !existsSync(pidFile); i++) await new Promise((r) => setTimeout(r, 20));
      expect(readFileSync(pidFile, 'utf8').trim()).toBe(String(child.pid));
      writeFileSync(join(dir, 'bad'), 'garbage; rm -rf /');
      execFileSync('sh', ['-c', KILL_SNIPPET, 'vmbench', join(dir, 'bad'), 'TERM', '', 'group']);
      execFileSync('sh', ['-c', KILL_SNIPPET, 'vmbench', pidFile, 'TERM', '', 'group']);
      expect(await exited).toBe('SIGTERM');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
