// The shell-in-VM transport end to end against test doubles of rdctl, limactl, colima and podman.
// No capture of these CLIs' own output exists in tests/fixtures/captures (rdctl-shell.source.txt holds
// facts only), so the doubles print nothing of their own: each records its argv, then hands the
// guest part to a real local sh exactly as the real CLI hands it to the guest (limactl & co.:
// argument for argument; podman machine ssh: joined with spaces and re-split by the shell). All
// output is the real bench scripts' own. The script runs under setsid, out of the local CLI's
// process group, as it would in a VM: only the transport's second CLI call can stop it.
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { BenchEvent, JobEvent, RunSpec } from '../../electron/contract/contract.js';
import { executeRun } from '../../electron/engine/bench/runner.js';
import { RunStore } from '../../electron/engine/store/run-store.js';
import { scriptArgs, scriptSource } from '../../electron/engine/transports/bench-scripts.js';
import type { ShellTransportOptions } from '../../electron/engine/transports/shell-in-vm/index.js';
import { cliArgs, shQuote } from '../../electron/engine/transports/shell-in-vm/argv.js';
import { cliFor, createShellTransport, type ShellKind } from '../helpers/shells.js';
import { vagrantSshConfig } from '../../electron/engine/runtimes/vagrant/guest.js';
import { captured as capturePath } from '../helpers/runtimes-stubs.js';
import { controlCommand, runCommand } from '../../electron/engine/transports/shell-in-vm/guest-scripts.js';
import { LIST_SNIPPET, listArgs } from '../../electron/engine/guest/leftovers.js';

// A stop waits for the script's own clean-up, which waits for dd to leave fsync: slow on a busy disk.
vi.setConfig({ testTimeout: 30_000 });

// Plain ssh has no stand-in here: tests/live/shell-in-vm.test.ts runs it against a real sshd;
// vagrant ssh runs for real in tests/live/vagrant-live.test.ts.
const KINDS: Record<Exclude<ShellKind, 'ssh' | 'vagrant'>, { name: string; skip: number; joined: boolean; instance?: string }> = {
  'rancher-desktop': { name: 'rdctl', skip: 1, joined: false },
  lima: { name: 'limactl', skip: 2, joined: false, instance: 'my vm' },
  colima: { name: 'colima', skip: 4, joined: false, instance: 'work' },
  podman: { name: 'podman', skip: 3, joined: true, instance: 'podman-machine-default' },
};

let root: string;
let guest: string;
let shared: string;
beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), `vmbench shell 'q' "dq" `));
  guest = join(root, 'guest dir');
  shared = join(root, `it's "shared"`);
  mkdirSync(join(root, 'bin'));
  for (const [kind, k] of Object.entries(KINDS)) {
    const file = join(root, 'bin', k.name);
    writeFileSync(
      file,
      [
        '#!/bin/sh',
        `# test double of ${k.name} (${kind}): records its argv, then runs the guest command like the real CLI`,
        'printf \'%s\\0\' "$@" >"$FAKE_LOG/$(date +%s%N)-$$"',
        `shift ${k.skip}`,
        k.joined ? 'exec sh -c "$*"' : 'exec "$@"',
        '',
      ].join('\n'),
    );
    chmodSync(file, 0o755);
  }
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

interface Fixture {
  kind: ShellKind;
  opts: ShellTransportOptions;
  log: string;
  calls(): string[][];
}
function fixture(kind: Exclude<ShellKind, 'ssh' | 'vagrant'>, extra: Partial<ShellTransportOptions> = {}): Fixture {
  const log = mkdtempSync(join(root, 'log-'));
  const k = KINDS[kind];
  const opts: ShellTransportOptions = {
    instance: k.instance,
    places: { guest, shared },
    cliPath: join(root, 'bin', k.name),
    env: { FAKE_LOG: log },
    platform: 'darwin',
    ...extra,
  };
  const calls = (): string[][] =>
    readdirSync(log)
      .sort()
      .map((f) => readFileSync(join(log, f), 'utf8').split('\0').slice(0, -1));
  return { kind, opts, log, calls };
}
/** The argv a kind's CLI should get for a guest command (without the executable). */
function expected(f: Fixture, guestArgv: string[]): string[] {
  return cliArgs(cliFor(f.kind, { instance: f.opts.instance, platform: 'darwin' }), guestArgv);
}
function groupAlive(pgid: number): boolean {
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    const stat = (() => {
      try {
        return readFileSync(`/proc/${pid}/stat`, 'utf8');
      } catch {
        return '';
      }
    })();
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(fields[2]) === pgid) return true;
  }
  return false;
}
/** This run's control prefix, read back from the recorded run call (quoted there for podman). */
function ctlOf(call: string[]): string {
  const session = /\.vmbench-ctl-([0-9]+\.(?:[0-9a-f]{8}|0)-[0-9a-f]{8})-1\b/.exec(call.join(' '))?.[1];
  expect(session).toBeDefined();
  return `${guest}/.vmbench-ctl-${session}-1`;
}
const ctlFiles = (): string[] => readdirSync(guest).filter((n) => n.startsWith('.vmbench-ctl-'));
const recordedGroup = (): number => {
  const f = ctlFiles().find((n) => n.endsWith('.pgid'));
  // "-PGID WRAPPER_PID": the script's group, then the wrapper's own PID.
  return f ? -Number(readFileSync(join(guest, f), 'utf8').trim().split(' ')[0]) : 0;
};

interface Outcome {
  result: { exitCode: number | null; cancelled: boolean; timedOut: boolean };
  events: BenchEvent[];
  stderr: string[];
  pgid: number;
}
async function runIt(
  f: Fixture,
  args: string[],
  o: { name?: string; cancelOn?: BenchEvent['event']; timeoutMs?: number; abortNow?: boolean } = {},
): Promise<Outcome> {
  const t = createShellTransport(f.kind, f.opts);
  const ac = new AbortController();
  const events: BenchEvent[] = [];
  const stderr: string[] = [];
  let pgid = 0;
  const name = o.name ?? 'small-files';
  const p = t.run(
    { name, source: scriptSource(name), args },
    {
      signal: ac.signal,
      timeoutMs: o.timeoutMs ?? 60_000,
      onStderr: (l) => stderr.push(l),
      onEvent: (ev) => {
        events.push(ev);
        if (ev.event === 'warmup' && !pgid) pgid = recordedGroup();
        if (o.cancelOn && ev.event === o.cancelOn && !ac.signal.aborted) ac.abort();
      },
    },
  );
  if (o.abortNow) ac.abort();
  const result = await p;
  await t.dispose?.();
  return { result, events, stderr, pgid };
}

describe.each(Object.keys(KINDS) as Exclude<ShellKind, 'ssh' | 'vagrant'>[])('%s', (kind) => {
  it('runs a real script in a folder whose path has spaces and quotes; one CLI call with the exact argv; nothing left', async () => {
    const f = fixture(kind);
    mkdirSync(shared, { recursive: true });
    const args = scriptArgs('small-files', 'quick', shared, { overrides: { trials: 1, files: 20 }, tool: 'fallback' });
    const r = await runIt(f, args);
    expect(r.result, r.stderr.join('\n')).toEqual({ exitCode: 0, cancelled: false, timedOut: false });
    expect(r.events[0]).toMatchObject({ event: 'start', test: 'small-files', target: shared });
    expect(r.events.find((e) => e.event === 'result')).toMatchObject({ metrics: { create_per_s: { n: 1 } } });
    expect(r.events.at(-1)).toEqual({ event: 'end' });
    const calls = f.calls();
    // One CLI call: a run that said "end" and exited 0 removed its own files, so dispose makes no clean-up call.
    expect(calls).toHaveLength(1);
    const ctl = ctlOf(calls[0]);
    expect(calls[0]).toEqual(expected(f, runCommand(ctl, args)));
    expect(readdirSync(shared)).toEqual([]);
    expect(ctlFiles()).toEqual([]);
  });
});

describe.each(['lima', 'podman'] as const)('stopping a run in the guest (%s)', (kind) => {
  // The script's own TERM trap reports this: the stop reached it in the guest, not a closed pipe.
  const termed = expect.objectContaining({ event: 'error', code: 'cancelled', message: expect.stringMatching(/SIGTERM/) });
  const longWrite = (): string[] => scriptArgs('seq-write', 'quick', guest, { overrides: { trials: 1000, sizeMiB: 1, maxS: 0 }, tool: 'fallback' });

  it("cancel: a second CLI call stops the script's process group and removes its files", async () => {
    const f = fixture(kind);
    const r = await runIt(f, longWrite(), { name: 'seq-write', cancelOn: 'progress' });
    expect(r.result.cancelled).toBe(true);
    expect(r.pgid).toBeGreaterThan(1);
    expect(groupAlive(r.pgid)).toBe(false);
    const calls = f.calls();
    const ctl = ctlOf(calls[0]);
    expect(calls[0]).toEqual(expected(f, runCommand(ctl, longWrite())));
    expect(calls[1]).toEqual(expected(f, controlCommand('stop', ctl, [guest])));
    // A stopped run may have left something: dispose cleans up the whole session.
    expect(calls[2]).toEqual(expected(f, controlCommand('final', ctl.replace(/-1$/, ''), [guest])));
    expect(calls).toHaveLength(3);
    expect(r.events).toContainEqual(termed);
    expect(r.stderr.join('\n')).toMatch(/stopping the bench script in the guest \(process group \d+\)/);
    expect(readdirSync(guest)).toEqual([]);
  });

  it('time-out: the same stop, reported as timedOut', async () => {
    const f = fixture(kind);
    const r = await runIt(f, longWrite(), { name: 'seq-write', timeoutMs: 1500 });
    expect(r.result).toMatchObject({ cancelled: false, timedOut: true });
    expect(r.events).toContainEqual(termed);
    expect(r.pgid).toBeGreaterThan(1);
    expect(groupAlive(r.pgid)).toBe(false);
    expect(readdirSync(guest)).toEqual([]);
  });
});

describe('edge cases', () => {
  it('timeoutScale stretches the script time-out (a guest under pure emulation): 50 ms stops it, 50 ms × 400 does not', async () => {
    mkdirSync(shared, { recursive: true });
    const args = scriptArgs('small-files', 'quick', shared, { overrides: { trials: 1, files: 20 }, tool: 'fallback' });
    const cut = await runIt(fixture('lima'), args, { timeoutMs: 50 });
    expect(cut.result).toMatchObject({ timedOut: true });
    const scaled = await runIt(fixture('lima', { timeoutScale: 400 }), args, { timeoutMs: 50 });
    expect(scaled.result, scaled.stderr.join('\n')).toEqual({ exitCode: 0, cancelled: false, timedOut: false });
    expect(readdirSync(shared)).toEqual([]);
  });

  it('a cancel at once (the script may not have started): nothing runs on, nothing is left after dispose', async () => {
    const f = fixture('colima');
    const r = await runIt(f, scriptArgs('seq-write', 'quick', guest, { overrides: { trials: 1000, sizeMiB: 1 }, tool: 'fallback' }), {
      name: 'seq-write',
      abortNow: true,
    });
    expect(r.result.cancelled).toBe(true);
    expect(readdirSync(guest)).toEqual([]);
  });

  it('prepare creates the guest folder through the CLI (exact argv) and the shared folder on the host', async () => {
    const f = fixture('podman', { places: { guest: join(guest, 'new one'), shared: join(shared, 'sub dir') } });
    const t = createShellTransport('podman', f.opts);
    await t.prepare?.({ signal: new AbortController().signal, log: () => undefined });
    // One call makes the guest folder and looks for what a killed vmbench left (guest/leftovers.ts); nothing was left, so no second one.
    const g = join(guest, 'new one');
    expect(f.calls()).toEqual([
      expected(f, ['sh', '-c', LIST_SNIPPET, 'vmbench', ...listArgs({ mkdir: g, ctlDir: g, placeDirs: [g, join(shared, 'sub dir')] })]),
    ]);
    expect(readdirSync(guest)).toContain('new one');
    expect(readdirSync(shared)).toContain('sub dir');
    rmSync(join(guest, 'new one'), { recursive: true });
    rmSync(join(shared, 'sub dir'), { recursive: true });
  });

  it('a missing CLI: prepare fails with target-unreachable, run says so and reports no exit code', async () => {
    const t = createShellTransport('lima', { places: { guest }, cliPath: join(root, 'bin', 'no-such-limactl') });
    await expect(t.prepare!({ signal: new AbortController().signal, log: () => undefined })).rejects.toMatchObject({ code: 'target-unreachable' });
    const stderr: string[] = [];
    const r = await t.run(
      { name: 'probe', source: scriptSource('probe'), args: ['--dir', guest] },
      { signal: new AbortController().signal, timeoutMs: 10_000, onEvent: () => undefined, onStderr: (l) => stderr.push(l) },
    );
    expect(r).toEqual({ exitCode: null, cancelled: false, timedOut: false });
    expect(stderr.join('\n')).toMatch(/no-such-limactl is not installed or not on PATH/);
  });
});

describe('the shared place on this machine (for the watch test)', () => {
  it('is the same path for home-folder mounts (Lima, Colima, Rancher Desktop, Podman), none when the share is mounted elsewhere or on Windows', () => {
    const shared = '/home/dev/.vmbench/shared';
    expect(createShellTransport('lima', { places: { guest: '/var/tmp/vmbench', shared } }).hostPath?.('shared')).toBe(shared);
    expect(createShellTransport('colima', { places: { guest: '/var/tmp/vmbench', shared } }).hostPath?.('guest')).toBeUndefined();
    expect(createShellTransport('rancher-desktop', { places: { guest: '/var/tmp/vmbench', shared }, platform: 'win32' }).hostPath?.('shared')).toBeUndefined();
    expect(
      createShellTransport('ssh', { instance: 'dev@vm', places: { guest: '/var/tmp/vmbench', shared: '/mnt/host', sharedOnHost: false } }).hostPath?.('shared'),
    ).toBeUndefined();
    expect(
      createShellTransport('vagrant', {
        instance: '7296dfd',
        places: { guest: '/var/tmp/vmbench', shared: '/vagrant', sharedOnHost: false, hostShared: '/srv/m/code' },
      }).hostPath?.('shared'),
    ).toBe('/srv/m/code');
    expect(createShellTransport('lima', { places: { guest: '/var/tmp/vmbench' } }).hostPath?.('shared')).toBeUndefined();
  });
});

// Vagrant: `vagrant ssh-config` once, then plain ssh with that config (no Ruby start-up per call); back to
// `vagrant ssh` when ssh cannot reach the guest that way. The vagrant double prints the real captured
// ssh-config (tests/fixtures/captures/vagrant/ssh-config.virtualbox-single.txt) and runs `ssh ID --no-tty -c CMD` as
// `sh -c CMD`, as Vagrant hands it to the guest's shell; the ssh double records its argv and the config file
// it was given, then runs the joined remote command with sh, as sshd hands it to the user's shell.
describe('vagrant: ssh with the config vagrant prints', () => {
  const captured = readFileSync(capturePath('vagrant/ssh-config.virtualbox-single.txt'), 'utf8');
  let bin: string;
  beforeAll(() => {
    bin = mkdtempSync(join(root, 'vagrant-bin-'));
    writeFileSync(
      join(bin, 'vagrant'),
      [
        '#!/bin/sh',
        '# test double of vagrant: ssh-config prints the captured config; ssh ID --no-tty -c CMD runs CMD with sh',
        'printf \'%s\\0\' vagrant "$@" >"$FAKE_LOG/$(date +%s%N)-$$"',
        'if [ "$1" = ssh-config ]; then [ -z "$FAKE_NO_CONFIG" ] || { echo "The provider for this Vagrant-managed machine is reporting that it is not yet ready for SSH." >&2; exit 1; }; cat "$FAKE_CONFIG"; exit 0; fi',
        'shift 4',
        'exec sh -c "$1"',
        '',
      ].join('\n'),
    );
    writeFileSync(
      join(bin, 'ssh'),
      [
        '#!/bin/sh',
        '# test double of ssh: records its argv and the -F file, then runs the joined remote command',
        'f=$FAKE_LOG/$(date +%s%N)-$$',
        'printf \'%s\\0\' ssh "$@" >"$f"',
        '[ "$1" = -F ] && cp "$2" "$f.config"',
        '[ -z "$FAKE_SSH_FAIL" ] || { echo "ssh: connect to host 127.0.0.1 port 2222: Connection refused" >&2; exit 255; }',
        'while [ "$1" != -- ]; do shift; done; shift 2',
        'exec sh -c "$*"',
        '',
      ].join('\n'),
    );
    chmodSync(join(bin, 'vagrant'), 0o755);
    chmodSync(join(bin, 'ssh'), 0o755);
  });

  const make = (env: Record<string, string> = {}): { t: ReturnType<typeof createShellTransport>; calls: () => string[][]; log: string; logs: string[] } => {
    const log = mkdtempSync(join(root, 'vlog-'));
    const id = '3fa24e4';
    const penv = { FAKE_LOG: log, FAKE_CONFIG: capturePath('vagrant/ssh-config.virtualbox-single.txt'), PATH: `${bin}:${process.env.PATH}`, ...env };
    const logs: string[] = [];
    const t = createShellTransport('vagrant', {
      instance: id,
      places: { guest },
      env: penv,
      sshConfig: (signal) => vagrantSshConfig(id, undefined, penv, signal),
    });
    const calls = (): string[][] =>
      readdirSync(log)
        .filter((f) => !f.endsWith('.config'))
        .sort()
        .map((f) => readFileSync(join(log, f), 'utf8').split('\0').slice(0, -1));
    return { t, calls, log, logs };
  };
  const prepare = async (m: ReturnType<typeof make>): Promise<void> =>
    m.t.prepare!({ signal: new AbortController().signal, log: (_l, ref) => m.logs.push(ref.key) });
  const probe = (m: ReturnType<typeof make>) =>
    m.t.run(
      { name: 'probe', source: scriptSource('probe'), args: ['--dir', guest] },
      { signal: new AbortController().signal, timeoutMs: 30_000, onEvent: () => undefined },
    );

  it('reads the config once, then every call is plain ssh with it (-F, no tty, batch mode); the config file is private and gone after dispose', async () => {
    const m = make();
    await prepare(m);
    expect(await probe(m)).toEqual({ exitCode: 0, cancelled: false, timedOut: false });
    const calls = m.calls();
    expect(calls.map((c) => c.slice(0, 2))).toEqual([
      ['vagrant', 'ssh-config'],
      ['ssh', '-F'],
      ['ssh', '-F'],
    ]);
    expect(calls[0]).toEqual(['vagrant', 'ssh-config', '3fa24e4']);
    const configFile = calls[1][2];
    expect(calls[1].slice(3, 10)).toEqual(['-T', '-o', 'BatchMode=yes', '-o', 'ConnectTimeout=10', '--', 'default']);
    expect(calls[1].slice(10, 12)).toEqual(['sh', '-c']);
    expect(calls[1].slice(13)).toEqual(['vmbench', ...listArgs({ mkdir: guest, ctlDir: guest, placeDirs: [guest] })].map(shQuote));
    expect(calls[2].slice(10, 13)).toEqual(['sh', '-s', '--']);
    // What ssh was given is exactly what vagrant printed, readable by this user only.
    const given = readdirSync(m.log)
      .filter((f) => f.endsWith('.config'))
      .map((f) => readFileSync(join(m.log, f), 'utf8'));
    expect(given).toEqual([captured, captured]);
    expect(statSync(configFile).mode & 0o777).toBe(0o600);
    await m.t.dispose?.();
    expect(existsSync(configFile)).toBe(false);
    expect(m.calls()).toHaveLength(3); // a clean run: no clean-up call either
    expect(ctlFiles()).toEqual([]);
  });

  it('without a config (vagrant ssh-config fails): vagrant ssh for every call, as before', async () => {
    const m = make({ FAKE_NO_CONFIG: '1' });
    await prepare(m);
    expect(await probe(m)).toEqual({ exitCode: 0, cancelled: false, timedOut: false });
    expect(m.calls().map((c) => c.slice(0, 3))).toEqual([
      ['vagrant', 'ssh-config', '3fa24e4'],
      ['vagrant', 'ssh', '3fa24e4'],
      ['vagrant', 'ssh', '3fa24e4'],
    ]);
    await m.t.dispose?.();
  });

  it('when ssh with the config cannot reach the guest: says so and goes back to vagrant ssh, with no config file left', async () => {
    const m = make({ FAKE_SSH_FAIL: '1' });
    await prepare(m);
    expect(m.logs).toEqual(['log.shellVm.sshFallback']);
    expect(await probe(m)).toEqual({ exitCode: 0, cancelled: false, timedOut: false });
    const calls = m.calls();
    expect(calls.map((c) => c.slice(0, 2))).toEqual([
      ['vagrant', 'ssh-config'],
      ['ssh', '-F'],
      ['vagrant', 'ssh'],
      ['vagrant', 'ssh'],
    ]);
    expect(existsSync(calls[1][2])).toBe(false);
    await m.t.dispose?.();
  });
});

describe('a run in the places it was asked for (run.start places), through a real shell-in-VM transport with two places', () => {
  const runIn = async (places: RunSpec['places']): Promise<{ events: JobEvent[]; calls: string[][]; store: RunStore; error?: unknown }> => {
    const f = fixture('lima');
    const transport = createShellTransport('lima', f.opts);
    expect(transport.places()).toEqual(['shared', 'guest']);
    const store = new RunStore(mkdtempSync(join(root, 'runs-')));
    const events: JobEvent[] = [];
    const target = { id: 'lima:my vm', runtime: 'lima:my vm', label: 'Lima my vm', settings: {}, transport };
    const error = await executeRun({ suite: 'quick', tests: ['small-files'], places }, (e) => events.push(e as JobEvent), new AbortController().signal, {
      store,
      appVersion: 't',
      resolveTargets: async () => [target],
    }).then(
      () => undefined,
      (err: unknown) => err,
    );
    return { events, calls: f.calls(), store, error };
  };

  it('measures only the chosen place: the plan, the estimate, the progress and the stored run; nothing reaches the other place', async () => {
    const { events, calls, store, error } = await runIn(['guest', 'native']);
    expect(error).toBeUndefined();
    const started = events.find((e) => e.type === 'job-started');
    if (started?.type !== 'job-started') throw new Error('no job-started');
    expect(started.plan.map((s) => `${s.place} ${s.test}`)).toEqual(['guest small-files']);
    expect(started.expected?.steps).toBe(1);
    expect(new Set(events.flatMap((e) => (e.type === 'progress' || e.type === 'sample' ? [e.place] : [])))).toEqual(new Set(['guest']));
    const finished = events.find((e) => e.type === 'job-finished');
    if (finished?.type !== 'job-finished' || !finished.runId) throw new Error('no stored run');
    const run = await store.get(finished.runId);
    expect(run.targets[0].results.map((r) => `${r.place} ${r.test}`)).toEqual(['guest small-files']);
    // Every CLI call (probe, script runs) went to the guest folder; none named the shared one.
    expect(calls.length).toBeGreaterThan(0);
    expect(calls.flat().join('\n')).not.toContain(shared);
  }, 60_000);

  it('a target that offers none of the chosen places is refused before anything runs, naming what was asked and what it offers', async () => {
    const { events, calls, error } = await runIn(['volume']);
    expect(error).toMatchObject({
      code: 'invalid-input',
      ref: { key: 'errors.placesNotOffered', params: { name: 'Lima my vm', asked: 'volume', offered: 'shared, guest' } },
    });
    expect((error as Error).message).toBe('Lima my vm offers none of the places asked for (volume); its places are: shared, guest.');
    expect(events).toEqual([]);
    expect(calls).toEqual([]);
  });
});
