// The shell-in-VM transport over a real remote shell: a private sshd on 127.0.0.1 (own host key,
// own authorized key, own config in a temp folder; the system's sshd is not touched) stands in for
// the VM, and `ssh -p PORT -i KEY root@127.0.0.1` stands in for `podman machine ssh NAME`: the same
// remote-argument semantics (the arguments are joined and the remote shell re-splits them), which
// is what the transport must quote right. Port A gives the remote dash as sh (Lima/Colima's Ubuntu),
// port B puts BusyBox's applets first on PATH (Rancher Desktop's Alpine). Real fio, real scripts.
import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BenchEvent } from '../../electron/contract/contract.js';
import { scriptArgs, scriptSource, type ScriptName } from '../../electron/engine/transports/bench-scripts.js';
import { libvirtTransport } from '../../electron/engine/transports/libvirt/for-runtime.js';
import type { DetectContext } from '../../electron/engine/runtimes/support/types.js';
import { ShellInVmTransport } from '../../electron/engine/transports/shell-in-vm/index.js';
import { createShellTransport } from '../helpers/shells.js';
import type { Transport } from '../../electron/engine/transports/types.js';
import { ensureCommands } from '../helpers/apt.js';
import { ofKind, processesMentioning, realDiskDir } from '../helpers/run-script.js';
import { makeGitProject } from '../helpers/git-project.js';
import { commandArgs, projectPlaces } from '../../electron/engine/bench/command-step.js';

let root: string;
let sshd: ChildProcess | undefined;
let ports: { dash: number; busybox: number };
let guest: string;
let shared: string;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer().once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}
const sshCommand = (port: number): string[] => [
  'ssh',
  '-p',
  String(port),
  '-i',
  join(root, 'client_key'),
  '-o',
  'IdentitiesOnly=yes',
  '-o',
  'BatchMode=yes',
  '-o',
  'StrictHostKeyChecking=no',
  '-o',
  'UserKnownHostsFile=/dev/null',
  '-o',
  'LogLevel=ERROR',
  'root@127.0.0.1',
];

beforeAll(async () => {
  ensureCommands('shell-in-vm test', [
    { command: '/usr/sbin/sshd', pkg: 'openssh-server', why: 'a private sshd on 127.0.0.1 stands in for the VM' },
    { command: 'ssh', pkg: 'openssh-client', why: 'the client side, like podman machine ssh' },
    { command: 'ssh-keygen', pkg: 'openssh-client', why: 'host and client keys for the private sshd' },
    { command: 'pgrep', pkg: 'procps', why: 'checks that the remote process group is gone' },
  ]);
  root = realDiskDir('vmbench-sshd-');
  for (const k of ['host_key', 'client_key']) execFileSync('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-f', join(root, k)]);
  writeFileSync(join(root, 'authorized_keys'), readFileSync(join(root, 'client_key.pub')));
  const bb = join(root, 'busybox-bin');
  mkdirSync(bb);
  for (const a of execFileSync('busybox', ['--list'], { encoding: 'utf8' }).split('\n').filter(Boolean)) symlinkSync('/usr/bin/busybox', join(bb, a));
  symlinkSync(execFileSync('sh', ['-c', 'command -v fio'], { encoding: 'utf8' }).trim(), join(bb, 'fio'));
  ports = { dash: await freePort(), busybox: await freePort() };
  const config = join(root, 'sshd_config');
  writeFileSync(
    config,
    [
      `Port ${ports.dash}`,
      `Port ${ports.busybox}`,
      'ListenAddress 127.0.0.1',
      `HostKey ${join(root, 'host_key')}`,
      `PidFile ${join(root, 'sshd.pid')}`,
      `AuthorizedKeysFile ${join(root, 'authorized_keys')}`,
      'PermitRootLogin prohibit-password',
      'PasswordAuthentication no',
      'KbdInteractiveAuthentication no',
      'UsePAM no',
      'StrictModes no',
      'PrintMotd no',
      'LogLevel ERROR',
      `Match LocalPort ${ports.busybox}`,
      `  SetEnv PATH=${bb}`,
      '',
    ].join('\n'),
  );
  mkdirSync('/run/sshd', { recursive: true }); // sshd's fixed privilege-separation folder
  sshd = spawn('/usr/sbin/sshd', ['-D', '-e', '-f', config], { stdio: ['ignore', 'ignore', 'pipe'] });
  let log = '';
  sshd.stderr?.on('data', (b: Buffer) => (log += b.toString()));
  for (let i = 0; ; i++) {
    const r = spawnSync(sshCommand(ports.dash)[0], [...sshCommand(ports.dash).slice(1), 'true'], { timeout: 5000 });
    if (r.status === 0) break;
    if (i > 50) throw new Error(`the private sshd did not answer: ${log} ${r.stderr}`);
    await new Promise((r2) => setTimeout(r2, 200));
  }
  guest = join(root, 'guest dir');
  shared = join(root, `it's "shared"`);
});
afterAll(() => {
  sshd?.kill('SIGTERM');
  if (root) rmSync(root, { recursive: true, force: true });
});

/** A podman-kind transport whose `podman machine ssh NAME` is our ssh command. */
function transport(shell: keyof typeof ports): Transport {
  return createShellTransport('podman', { instance: 'vmbench-test', places: { guest, shared }, command: sshCommand(ports[shell]) });
}
interface Run {
  result: { exitCode: number | null; cancelled: boolean; timedOut: boolean };
  events: BenchEvent[];
  stderr: string[];
  pgid: number;
  stopMs: number;
}
/** Runs a script; `stopAt` fires once at the first event of that kind (after the script's process group is known). */
async function runIt(
  t: Transport,
  name: ScriptName,
  args: string[],
  stopAt?: { event: BenchEvent['event']; how: (ac: AbortController) => void },
): Promise<Run> {
  const ac = new AbortController();
  const events: BenchEvent[] = [];
  const stderr: string[] = [];
  let pgid = 0;
  let stoppedAt = 0;
  const result = await t.run(
    { name, source: scriptSource(name), args },
    {
      signal: ac.signal,
      timeoutMs: 240_000,
      onStderr: (l) => stderr.push(l),
      onEvent: (ev) => {
        events.push(ev);
        if ((ev.event === 'warmup' || ev.event === stopAt?.event) && !pgid) pgid = recordedGroup();
        if (stopAt && !stoppedAt && ev.event === stopAt.event) {
          stoppedAt = Date.now();
          stopAt.how(ac);
        }
      },
    },
  );
  return { result, events, stderr, pgid, stopMs: stoppedAt ? Date.now() - stoppedAt : 0 };
}
/** The process group the wrapper recorded for the running script (waits up to 2 s for the file). */
function recordedGroup(): number {
  for (let i = 0; i < 100; i++) {
    const f = readdirSync(guest).find((n) => n.endsWith('.pgid'));
    const text = f ? readFileSync(join(guest, f), 'utf8').trim() : '';
    if (text) return -Number(text.split(' ')[0]); // "-PGID WRAPPER_PID"
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 20);
  }
  return 0;
}
const groupGone = (pgid: number): boolean => spawnSync('pgrep', ['-g', String(pgid)]).status === 1;
const longWrite = (): string[] => scriptArgs('seq-write', 'quick', guest, { overrides: { trials: 200, sizeMiB: 64, maxS: 2 } });

describe.each(['dash', 'busybox'] as const)('over ssh, remote sh = %s', (shell) => {
  it('prepare, then seq-write in the guest folder and small-files in the shared folder (paths with a space and quotes)', async () => {
    const t = transport(shell);
    rmSync(guest, { recursive: true, force: true });
    await t.prepare!({ signal: new AbortController().signal, log: () => undefined });
    expect(readdirSync(guest)).toEqual([]);
    const w = await runIt(t, 'seq-write', scriptArgs('seq-write', 'quick', guest, { overrides: { trials: 2, sizeMiB: 16, maxS: 5 } }));
    expect(w.result, w.stderr.join('\n')).toEqual({ exitCode: 0, cancelled: false, timedOut: false });
    expect(w.events[0]).toMatchObject({ event: 'start', test: 'seq-write', target: guest, params: { sizeMiB: 16, trials: 2 } });
    // The warm-up pass as trial 0 (the run's first number, never counted), then the two trials.
    expect(ofKind(w.events, 'tool-output').map((e) => e.trial)).toEqual([0, 1, 2]);
    expect(ofKind(w.events, 'result')[0]).toMatchObject({ test: 'seq-write', tool: { name: 'fio' } });
    expect(w.events.at(-1)).toEqual({ event: 'end' });
    const s = await runIt(t, 'small-files', scriptArgs('small-files', 'quick', shared, { overrides: { trials: 1, files: 100 } }));
    expect(s.result, s.stderr.join('\n')).toEqual({ exitCode: 0, cancelled: false, timedOut: false });
    expect(s.events[0]).toMatchObject({ event: 'start', target: shared });
    const metrics = ofKind(s.events, 'result')[0].metrics ?? {};
    for (const m of ['create_per_s', 'stat_per_s', 'read_per_s', 'delete_per_s']) expect(metrics[m]?.median).toBeGreaterThan(0);
    await t.dispose?.();
    expect(readdirSync(guest)).toEqual([]);
    expect(readdirSync(shared)).toEqual([]);
  });

  it('uploads a project under no share (one ssh call, a tar on its stdin, the --exclude paths left out), times your command in it on the guest disk, and removes it', async () => {
    const t = transport(shell);
    await t.prepare!({ signal: new AbortController().signal, log: () => undefined });
    const project = join(root, `my "app" ${shell}`);
    makeGitProject(project, 30);
    mkdirSync(join(project, 'node_modules', 'dep'), { recursive: true });
    writeFileSync(join(project, 'node_modules', 'dep', 'big'), Buffer.alloc(1024 * 1024, 7));
    const c = { command: 'test -d .git && test ! -e node_modules && test -f "it\'s here.txt"', project, runs: 2, warmup: 0, exclude: ['node_modules'] };
    writeFileSync(join(project, "it's here.txt"), 'x');
    // The home-folder mount does not hold it (this transport has none): its guest place sees it once uploaded, and only there.
    expect(projectPlaces(t, project)).toEqual(['guest']);
    expect(t.projectIn!('guest', project)).toEqual({ upload: true, dir: guest });
    const up = await t.uploadProject!(project, { signal: new AbortController().signal, exclude: c.exclude });
    expect(up.source.startsWith(`${guest}/.vmbench-upload-`)).toBe(true);
    expect(readFileSync(join(up.source, "it's here.txt"), 'utf8')).toBe('x');
    expect(existsSync(join(up.source, 'node_modules'))).toBe(false);
    expect(up.bytes).toBeLessThan(1024 * 1024);
    const r = await runIt(t, 'command', commandArgs(c, t, 'guest', 2, up.source));
    expect(r.result, r.stderr.join('\n')).toEqual({ exitCode: 0, cancelled: false, timedOut: false });
    expect(ofKind(r.events, 'result')[0]).toMatchObject({ test: 'command', params: { exitStatus: 0, trials: 2 } });
    await up.remove();
    await t.dispose?.();
    expect(readdirSync(guest)).toEqual([]);
  });

  it('a cancel mid-upload stops both ends and leaves nothing in the guest folder', async () => {
    const t = transport(shell);
    const big = join(root, `big-${shell}`);
    mkdirSync(big);
    for (let i = 0; i < 48; i++) writeFileSync(join(big, `f${i}`), Buffer.alloc(4 * 1024 * 1024, i));
    const ac = new AbortController();
    const started = Date.now();
    setTimeout(() => ac.abort(), 300);
    await expect(t.uploadProject!(big, { signal: ac.signal })).rejects.toMatchObject({ cancelled: true });
    process.stdout.write(`[shell-in-vm] ${shell}: upload cancel to end ${Date.now() - started - 300} ms\n`);
    // The unpacking end made the guest folder; what it unpacked is gone with it.
    expect(existsSync(guest) ? readdirSync(guest) : []).toEqual([]);
    expect(processesMentioning(guest)).toEqual([]);
    rmSync(big, { recursive: true, force: true });
  });

  it('cancel mid-run stops the remote process group (a second ssh call) and leaves no file', async () => {
    const t = transport(shell);
    const r = await runIt(t, 'seq-write', longWrite(), { event: 'progress', how: (ac) => ac.abort() });
    expect(r.result.cancelled).toBe(true);
    // The script's own TERM trap said so: the stop reached it in the "VM".
    expect(r.events).toContainEqual(expect.objectContaining({ event: 'error', code: 'cancelled', message: expect.stringMatching(/SIGTERM/) }));
    expect(r.pgid).toBeGreaterThan(1);
    expect(groupGone(r.pgid)).toBe(true);
    expect(processesMentioning(guest)).toEqual([]);
    process.stdout.write(`[shell-in-vm] ${shell}: cancel to end ${r.stopMs} ms\n`);
    expect(r.stderr).toContain(`vmbench: stopping the bench script in the guest (process group ${r.pgid})`);
    expect(readdirSync(guest)).toEqual([]); // before dispose: the run's own files are gone already
    await t.dispose?.();
    expect(readdirSync(guest)).toEqual([]);
  });
});

describe('the ssh kind (the libvirt SSH alternative): plain ssh with a configured destination and key', () => {
  it("runs a script through libvirt's transport when VMBENCH_LIBVIRT_SSH names the domain", async () => {
    const rt = {
      id: 'libvirt:web',
      kind: 'libvirt',
      name: 'libvirt web',
      version: null,
      state: 'running' as const,
      settings: { guestAgent: 'not answering' },
      settingsSource: {},
      targets: [],
      findings: [],
    };
    // Strict host-key checking stays on: the private sshd's key goes into a known_hosts file of the test's own.
    const knownHosts = join(root, 'known_hosts');
    writeFileSync(knownHosts, `[127.0.0.1]:${ports.dash} ${readFileSync(join(root, 'host_key.pub'), 'utf8')}`);
    const env = {
      VMBENCH_LIBVIRT_SSH: `other=x@192.0.2.1,web=root@127.0.0.1:${ports.dash}`,
      VMBENCH_LIBVIRT_SSH_KEY: join(root, 'client_key'),
      VMBENCH_LIBVIRT_SSH_KNOWN_HOSTS: knownHosts,
      VMBENCH_LIBVIRT_GUEST_DIR: guest,
    };
    const t = libvirtTransport(rt, 'libvirt:web', { env } as unknown as DetectContext)!;
    expect(t).toBeInstanceOf(ShellInVmTransport);
    expect(t.places()).toEqual(['guest']);
    await t.prepare!({ signal: new AbortController().signal, log: () => undefined });
    const s = await runIt(t, 'small-files', scriptArgs('small-files', 'quick', guest, { overrides: { trials: 1, files: 50 } }));
    expect(s.result, s.stderr.join('\n')).toEqual({ exitCode: 0, cancelled: false, timedOut: false });
    expect(ofKind(s.events, 'result')[0].metrics?.create_per_s?.median).toBeGreaterThan(0);
    await t.dispose?.();
    expect(readdirSync(guest)).toEqual([]);
  });
});

describe('a lost connection', () => {
  it('the local ssh dies mid-run (no signal reaches the remote command): the transport stops the remote group itself', async () => {
    const t = transport('dash');
    const killClient = (): void => {
      // The run's ssh client (not sshd's session processes, which carry no "ssh -p PORT" command line).
      const found = spawnSync('pgrep', ['-f', `^ssh -p ${ports.dash} .* sh -s --`], { encoding: 'utf8' })
        .stdout.trim()
        .split('\n')
        .filter(Boolean);
      expect(found).toHaveLength(1);
      process.kill(Number(found[0]), 'SIGKILL');
    };
    // rand-read is quiet during a time-based fio trial (8 s here): the client dies at the first "progress",
    // as trial 2 begins, so writing to the closed connection (SIGPIPE) cannot end the script before the
    // transport's control call arrives, and only the transport can. (Killed at "start", the script still
    // writes soon after: the write-back settle's log line. With the other live stream and more work on the
    // machine, that SIGPIPE ended it before the control call came, 3 runs of 3.)
    const quietRead = scriptArgs('rand-read', 'quick', guest, { overrides: { trials: 3, sizeMiB: 16, runtimeS: 8, rampS: 0, iodepth: 4 } });
    const r = await runIt(t, 'rand-read', quietRead, { event: 'progress', how: killClient });
    expect(r.result).toEqual({ exitCode: null, cancelled: false, timedOut: false });
    process.stdout.write(`[shell-in-vm] lost connection to end ${r.stopMs} ms\n`);
    expect(r.stderr.join('\n')).toMatch(/before rand-read said "end"; stopping what may be left of it in the VM/);
    expect(r.pgid).toBeGreaterThan(1);
    // The control call found the script still running after the connection was gone, and stopped it.
    expect(r.stderr).toContain(`vmbench: stopping the bench script in the guest (process group ${r.pgid})`);
    expect(groupGone(r.pgid)).toBe(true);
    expect(processesMentioning(guest)).toEqual([]);
    await t.dispose?.();
    expect(readdirSync(guest)).toEqual([]);
  });
});
