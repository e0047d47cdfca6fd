import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RuntimeInfo } from '../../electron/contract/contract.js';
import { DEFAULT_TIMEOUT_MS, DETECT_DEADLINE_MS, createDetectContext, detectAll, withInstallDirs } from '../../electron/engine/runtimes/detect.js';
import { DESKTOP_CONTEXT, contextMetaPath } from '../../electron/engine/runtimes/docker-desktop/index.js';
import { RUNTIME_KINDS, findKind } from '../../electron/engine/runtimes/registry.js';
import type { RuntimeKind } from '../../electron/engine/runtimes/support/types.js';
import type { RuntimeKindId } from '../../electron/contract/runtime-kinds.js';
import { MAC_DD_STORE, local, makeStubEnv, captured, type StubEnv } from '../helpers/runtimes-stubs.js';

let stub: StubEnv | undefined;
afterEach(() => stub?.cleanup());

// Fake kinds under made-up ids (the detection contains any kind, registered or not).
const kind = (name: string, detect: RuntimeKind['detect']): RuntimeKind => ({ kind: name as RuntimeKindId, name: `The ${name}`, detect });
const ok = (id: string): RuntimeInfo => ({
  id,
  kind: 'x',
  name: id,
  version: null,
  state: 'running',
  settings: {},
  settingsSource: {},
  targets: [],
  findings: [],
});

describe('the registry', () => {
  it('lists every kind once, the host first', () => {
    const kinds = RUNTIME_KINDS.map((k) => k.kind);
    expect(kinds).toEqual(['local', 'docker-desktop', 'rancher-desktop', 'orbstack', 'colima', 'lima', 'podman', 'vagrant', 'libvirt', 'docker-engine']);
    expect(findKind('vagrant')?.name).toBe('Vagrant');
  });
});

describe('createDetectContext', () => {
  it('takes HOME and PATH from env and uses the default timeout', async () => {
    stub = makeStubEnv({ orb: [{ args: 'version', stdout: local('orbstack/orb-version.2.0.5.txt') }] });
    const ctx = createDetectContext({ env: stub.env, dataDir: stub.root });
    expect([ctx.home, ctx.timeoutMs]).toEqual([stub.home, DEFAULT_TIMEOUT_MS]);
    expect((await ctx.exec('orb', ['version'])).stdout).toMatch(/^Version: 2\.0\.5/);
    expect(ctx.env).toBe(stub.env);
  });

  it("can append the runtimes' install folders to a Finder-style PATH", () => {
    const env = withInstallDirs({ PATH: '/usr/bin:/bin:/opt/homebrew/bin' }, '/Users/u');
    // Homebrew, then each kind's own folders in the registry's order (RuntimeKind.installDirs), those in the home folder first.
    expect(env.PATH?.split(':')).toEqual([
      '/usr/bin',
      '/bin',
      '/opt/homebrew/bin',
      '/usr/local/bin',
      '/Users/u/.docker/bin',
      '/Users/u/.rd/bin',
      '/Users/u/.orbstack/bin',
      '/Applications/Docker.app/Contents/Resources/bin',
      '/Applications/Rancher Desktop.app/Contents/Resources/resources/darwin/bin',
      '/Applications/OrbStack.app/Contents/MacOS/xbin',
    ]);
  });
});

describe('detectAll on a machine whose CLIs all hang', () => {
  it('still answers: the host, and every kind unknown with a reason', async () => {
    const hang = [{ args: '*', hang: true }];
    stub = makeStubEnv({ docker: hang, rdctl: hang, orb: hang, colima: hang, limactl: hang, podman: hang, vagrant: hang, virsh: hang });
    // Docker Desktop's docker context exists (its metadata where the docker CLI keeps it), so docker is asked, and hangs.
    const ctx = createDetectContext({ env: stub.env, dataDir: stub.root, timeoutMs: 500 });
    mkdirSync(dirname(contextMetaPath(ctx, DESKTOP_CONTEXT)), { recursive: true });
    writeFileSync(contextMetaPath(ctx, DESKTOP_CONTEXT), '{"Name":"desktop-linux"}');
    const list = await detectAll(ctx);
    expect(list[0]).toMatchObject({ id: 'local', state: 'running' });
    const others = list.slice(1);
    expect(others.map((r) => r.kind).sort()).toEqual([
      'colima',
      'docker-desktop',
      'docker-engine',
      'libvirt',
      'lima',
      'orbstack',
      'podman',
      'rancher-desktop',
      'vagrant',
    ]);
    for (const r of others) {
      expect(r.state).toBe('unknown');
      expect(r.reason).toMatch(
        r.kind === 'vagrant' ? /did not answer within 0\.8 s|did not finish within/ : /did not answer within 0\.5 s|did not finish within/,
      );
    }
  });
});

describe('one deadline for the whole detection', () => {
  it("cuts every kind's CLI calls to fit it: with every CLI hung and the default 4 s (Vagrant 6 s) time-outs, a 0.8 s deadline lists every kind as unknown with a reason within 0.8 s", async () => {
    const hang = [{ args: '*', hang: true }];
    stub = makeStubEnv({ docker: hang, rdctl: hang, orb: hang, colima: hang, limactl: hang, podman: hang, vagrant: hang, virsh: hang });
    const ctx = createDetectContext({ env: stub.env, dataDir: stub.root });
    expect(ctx.timeoutMs).toBe(DEFAULT_TIMEOUT_MS);
    mkdirSync(dirname(contextMetaPath(ctx, DESKTOP_CONTEXT)), { recursive: true });
    writeFileSync(contextMetaPath(ctx, DESKTOP_CONTEXT), '{"Name":"desktop-linux"}');
    const told: string[] = [];
    // The kinds that run CLIs (the host's own kind reads files, and may itself miss 0.8 s on a loaded machine; the test above has it answer beside hung CLIs).
    const kinds = RUNTIME_KINDS.filter((k) => k.kind !== 'local');
    const others = await detectAll(ctx, { kinds, deadlineMs: 800, onKind: (k) => told.push(k) });
    expect(others.map((r) => r.kind).sort()).toEqual([
      'colima',
      'docker-desktop',
      'docker-engine',
      'libvirt',
      'lima',
      'orbstack',
      'podman',
      'rancher-desktop',
      'vagrant',
    ]);
    expect(told.sort()).toEqual(kinds.map((k) => k.kind).sort());
    for (const r of others) {
      expect(r.state).toBe('unknown');
      // Each call's own time-out was shortened to end before the deadline; a kind that needed a second call is stopped by the deadline itself.
      expect(r.reason).toMatch(/did not answer within 0\.[1-8] s|did not finish within 0\.8 s/);
    }
    // Vagrant's own 6 s call time-out was cut to fit: its call says so, or, when the machine is so loaded that the call is still starting at the deadline, the deadline itself does.
    expect(others.find((r) => r.kind === 'vagrant')?.reason).toMatch(
      /^vagrant global-status did not answer within 0\.[1-8] s|^Vagrant detection did not finish within 0\.8 s/,
    );
  });

  it('is DETECT_DEADLINE_MS (at most 8 s) unless told otherwise, and bounds a kind whose own deadline is longer (fake clock)', async () => {
    expect(DETECT_DEADLINE_MS).toBeLessThanOrEqual(8000);
    vi.useFakeTimers();
    try {
      const ctx = createDetectContext({ env: { PATH: '', HOME: '/nonexistent' }, dataDir: '/nonexistent', timeoutMs: 60_000 });
      const pending = detectAll(ctx, { kinds: [kind('hanger', () => new Promise(() => {})), kind('fine', async () => [ok('fine')])], kindDeadlineMs: 60_000 });
      await vi.advanceTimersByTimeAsync(DETECT_DEADLINE_MS);
      const list = await pending;
      expect(list.map((r) => [r.id, r.state])).toEqual([
        ['hanger', 'unknown'],
        ['fine', 'running'],
      ]);
      expect(list[0].reason).toBe(`The hanger detection did not finish within ${DETECT_DEADLINE_MS / 1000} s (a command it runs hung)`);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('CLIs that are not on PATH', () => {
  it('are not started: the call fails as not installed, and Docker Desktop without its context or settings is not asked for', async () => {
    stub = makeStubEnv({});
    // A docker that leaves a mark when it is started, and prints nothing.
    writeFileSync(join(stub.bin, 'docker'), `#!/bin/sh\n: >"${join(stub.root, 'docker-ran')}"\nexit 1\n`, { mode: 0o755 });
    const ctx = createDetectContext({ env: stub.env, dataDir: stub.root, timeoutMs: 500 });
    await expect(ctx.exec('rdctl', ['version'])).rejects.toMatchObject({ code: 'not-found', message: 'rdctl is not installed or not on PATH' });
    expect(await detectAll(ctx, { kinds: [findKind('docker-desktop')!] })).toEqual([]);
    expect(existsSync(join(stub.root, 'docker-ran'))).toBe(false);
    // With the context's metadata present, docker is asked.
    mkdirSync(dirname(contextMetaPath(ctx, DESKTOP_CONTEXT)), { recursive: true });
    writeFileSync(contextMetaPath(ctx, DESKTOP_CONTEXT), '{"Name":"desktop-linux"}');
    await detectAll(ctx, { kinds: [findKind('docker-desktop')!] });
    expect(existsSync(join(stub.root, 'docker-ran'))).toBe(true);
  });
});

describe('a CLI whose child process keeps its output open after the time-out', () => {
  it('is given up on shortly after its timeout instead of holding detection', async () => {
    stub = makeStubEnv({ podman: [{ args: '*', hangInChild: true }] });
    const [p] = await detectAll(createDetectContext({ env: stub.env, dataDir: stub.root, timeoutMs: 300 }), {
      kinds: [findKind('podman')!],
      kindDeadlineMs: 4000,
    });
    expect(p).toMatchObject({ id: 'podman', state: 'unknown', reason: 'podman machine list did not answer within 0.3 s' });
  });
});

describe('detectAll on a replayed macOS machine', () => {
  it('finds every runtime whose CLI replays a real capture, and isolates the broken ones', async () => {
    stub = makeStubEnv(
      {
        docker: [
          { args: '*"--context desktop-linux version"*', stdout: captured('docker-desktop/docker-version.dd-4.33.0-arm64.txt') },
          { args: '*"--context desktop-linux info"*', stdout: captured('docker-desktop/docker-info.dd-4.48.0-macos-intel.txt') },
          { args: '*".orbstack/run/docker.sock info"*', stdout: captured('orbstack/docker-info.orbstack-intel-28.5.2.txt') },
          { args: '"context ls --format {{json .}}"', stdout: local('docker-engine/context-ls.docker-28.2.2.ndjson') },
        ],
        rdctl: [{ args: 'list-settings', stdout: captured('rancher-desktop/rdctl-list-settings.v10-macos.json') }],
        orb: [{ args: 'version', stdout: local('orbstack/orb-version.2.0.5.txt') }],
        colima: [
          { args: 'list', stdout: captured('colima/ls.colima-0.6.9.txt') },
          { args: '"status -p default"', stderr: captured('colima/status.vz-virtiofs.colima-0.5.6.txt') },
        ],
        limactl: [{ args: '"list --json"', stdout: captured('lima/list-json.lima-pr308-2021.ndjson'), truncate: 200 }],
        podman: [{ args: '*', hang: true }],
      },
      { [MAC_DD_STORE]: captured('docker-desktop/settings-store.marslo-v40.json') },
    );
    // Generous: every replaying stub must answer in time even on a loaded 2-core CI machine.
    const list = await detectAll(createDetectContext({ env: stub.env, dataDir: stub.root, timeoutMs: 4000 }));
    const byId = new Map(list.map((r) => [r.id, r]));
    expect([...byId.keys()]).toEqual(['local', 'docker-desktop', 'rancher-desktop', 'orbstack', 'colima:default', 'lima', 'podman', 'docker:vmbench-test']);
    expect(byId.get('docker-desktop')).toMatchObject({ state: 'running', version: '4.33.0', settings: { vmType: 'vz', mountType: 'virtiofs', cpus: 12 } });
    expect(byId.get('rancher-desktop')).toMatchObject({ state: 'running', settings: { vmType: 'vz', engine: 'containerd' } });
    expect(byId.get('orbstack')).toMatchObject({ state: 'running', version: '2.0.5' });
    expect(byId.get('colima:default')).toMatchObject({ state: 'running', settings: { vmType: 'vz', mountType: 'virtiofs' } });
    expect(byId.get('lima')).toMatchObject({ state: 'unknown', reason: expect.stringMatching(/printed output that is not valid JSON/) });
    expect(byId.get('podman')).toMatchObject({ state: 'unknown', reason: expect.stringMatching(/did not answer within 4 s/) });
    // No capture exists for the daemon of the vmbench-test context, so the stub refuses and it is unknown.
    expect(byId.get('docker:vmbench-test')?.state).toBe('unknown');
  });
});

describe('detectAll contains kinds that misbehave', () => {
  const ctx = createDetectContext({ dataDir: '/tmp', timeoutMs: 200, env: { PATH: '/nonexistent', HOME: '/nonexistent' } });

  it('turns a throw, a hang and garbage into unknown entries with reasons', async () => {
    const list = await detectAll(ctx, {
      kindDeadlineMs: 300,
      kinds: [
        kind('thrower', async () => {
          throw new Error('boom');
        }),
        kind('hanger', () => new Promise(() => {})),
        kind('liar', async () => 42 as unknown as RuntimeInfo[]),
        kind(
          'junk',
          async () =>
            [
              null,
              {
                id: 'j',
                state: 'melting',
                settings: [1],
                settingsSource: { a: 'file', b: 'nonsense' },
                targets: [{ id: 't', label: 'T', places: ['guest', 'moon'] }, 7],
              },
            ] as unknown as RuntimeInfo[],
        ),
        kind('fine', async () => [ok('fine')]),
      ],
    });
    expect(list.map((r) => [r.id, r.state, r.reason])).toEqual([
      ['thrower', 'unknown', 'The thrower detection stopped on an unexpected error; detect again, and report it if it keeps happening'],
      ['hanger', 'unknown', 'The hanger detection did not finish within 0.3 s (a command it runs hung)'],
      ['liar', 'unknown', 'The liar detection returned something that is not a list of runtimes'],
      ['junk', 'unknown', 'The junk detection returned a runtime without an id'],
      ['j', 'unknown', 'The junk did not say what state it is in'],
      ['fine', 'running', undefined],
    ]);
    // The error itself is behind Details, not in the sentence.
    expect(list.find((r) => r.id === 'thrower')?.reasonDetail).toMatch(/^Error: boom\n/);
    const j = list.find((r) => r.id === 'j');
    expect(j).toMatchObject({ settings: {}, settingsSource: {}, targets: [{ id: 't', label: 'T', places: ['guest'] }], findings: [] });
  });

  it('tells each kind as soon as it answers, so a hung kind holds back only itself', async () => {
    const told: string[] = [];
    let release: () => void = () => undefined;
    const slow = new Promise<void>((r) => (release = r));
    const done = detectAll(ctx, {
      kindDeadlineMs: 60_000,
      kinds: [kind('late', async () => (await slow, [ok('late')])), kind('fine', async () => [ok('fine')])],
      onKind: (k, found) => told.push(`${k}:${found.map((r) => r.id).join(',')}`),
    });
    await vi.waitFor(() => expect(told).toEqual(['fine:fine']));
    release();
    expect((await done).map((r) => r.id)).toEqual(['late', 'fine']);
    expect(told).toEqual(['fine:fine', 'late:late']);
  });

  it('streams the timeout reason of a hung kind, and a throwing listener loses nothing', async () => {
    const told: RuntimeInfo[][] = [];
    const list = await detectAll(ctx, {
      kindDeadlineMs: 300,
      kinds: [kind('hanger', () => new Promise(() => {})), kind('fine', async () => [ok('fine')])],
      onKind: (_k, found) => {
        told.push(found);
        throw new Error('listener broke');
      },
    });
    expect(list.map((r) => r.id)).toEqual(['hanger', 'fine']);
    expect(told.map((f) => f[0].id)).toEqual(['fine', 'hanger']);
    expect(told[1][0].reason).toMatch(/did not finish within 0.3 s/);
  });

  it('keeps ids unique', async () => {
    const list = await detectAll(ctx, { kinds: [kind('a', async () => [ok('same')]), kind('b', async () => [ok('same')])] });
    expect(list.map((r) => r.id)).toEqual(['same', 'same#2']);
  });

  it('answers at once with "cancelled" entries when the signal is aborted', async () => {
    const ac = new AbortController();
    ac.abort();
    const list = await detectAll(createDetectContext({ dataDir: '/tmp', signal: ac.signal }), { kinds: [kind('slow', () => new Promise(() => {}))] });
    expect(list).toEqual([expect.objectContaining({ id: 'slow', state: 'unknown', reason: 'detection was cancelled' })]);
  });
});

describe('a settings file that exists and cannot be read', () => {
  it('is a sentence by its cause (permissions, a folder, too large), with the system words behind Details', async () => {
    const { readOptional } = await import('../../electron/engine/runtimes/support/files.js');
    const { whyEn } = await import('../../electron/engine/runtimes/support/why.js');
    const { mkdtempSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const dir = mkdtempSync(join(tmpdir(), 'vmbench-unreadable-'));
    const ctx = createDetectContext({ dataDir: dir, env: { PATH: '', HOME: dir } });
    // A folder where the file was expected: the real EISDIR of reading it.
    const folder = await readOptional(ctx, dir);
    expect(folder.state === 'error' && whyEn(folder.reason)).toBe(`${dir} is a folder where a file was expected`);
    expect(folder.state === 'error' && folder.reason.detail).toMatch(/EISDIR/);
    // Permissions: the fast lane may run as root, where no file is unreadable, so the error is the one Node gives.
    const denied = Object.assign(new Error(`EACCES: permission denied, open '${dir}/x'`), { code: 'EACCES' });
    const look = await readOptional({ ...ctx, readFile: () => Promise.reject(denied) }, join(dir, 'x'));
    expect(look.state === 'error' && whyEn(look.reason)).toBe(
      `${join(dir, 'x')} could not be read: you may not read it; check its permissions, then detect again`,
    );
    expect(look.state === 'error' && look.reason.detail).toBe(denied.message);
    const other = Object.assign(new Error('EIO: i/o error'), { code: 'EIO' });
    const io = await readOptional({ ...ctx, readFile: () => Promise.reject(other) }, join(dir, 'y'));
    expect(io.state === 'error' && whyEn(io.reason)).toBe(`${join(dir, 'y')} could not be read; check the file, then detect again`);
  });
});
