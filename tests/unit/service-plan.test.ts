// Where the service tests run inside guests (the plan), how each transport reaches the host's
// loopback (hostAddress), the docker service network choice, and net.sh / redis.sh argument parsing
// (the real scripts under sh: parsing ends before any tool is needed).
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Place, RuntimeInfo } from '../../electron/contract/contract.js';
import { startHostIperf3 } from '../../electron/engine/bench/host-iperf3.js';
import { redisToolOutputSamples } from '../../electron/engine/bench/redis-benchmark.js';
import { buildPlan } from '../../electron/engine/bench/runner.js';
import type { ResolvedTarget } from '../../electron/engine/bench/resolved-target.js';
import { redisPeerRequest, servicePlaces, ServiceSetupError, setupServiceStep } from '../../electron/engine/bench/service-step.js';
import { errorText } from '../../electron/messages/error-text.js';
import { scriptSource } from '../../electron/engine/transports/bench-scripts.js';
import { createDetectContext } from '../../electron/engine/runtimes/detect.js';
import { libvirtTransport } from '../../electron/engine/transports/libvirt/for-runtime.js';
import { chooseServiceNetwork } from '../../electron/engine/transports/docker/services.js';
import { libvirtHostAddress, LibvirtAgentTransport } from '../../electron/engine/transports/libvirt/index.js';
import { LocalTransport } from '../../electron/engine/transports/local/index.js';
import type { Transport } from '../../electron/engine/transports/types.js';

const stub = (places: Place[], extra: Partial<Transport> = {}): Transport => ({
  places: () => places,
  placeDir: (p) => `/${p}`,
  run: async () => ({ exitCode: 0, cancelled: false, timedOut: false }),
  ...extra,
});
const target = (id: string, places: Place[]): ResolvedTarget => ({ id, runtime: id, label: id, settings: {}, transport: stub(places) });
const steps = (tests: string[], targets: ResolvedTarget[]): string[] =>
  buildPlan({ suite: 'quick', tests: tests as never }, targets)
    .filter((p) => !p.headline) // each place's headline leads the plan (headline-first.test.ts)
    .map((p) => `${p.target} ${p.place} ${p.test}`);

describe('the plan of the service tests', () => {
  it('natively: net, redis and http once, in the native place', () => {
    expect(steps(['net', 'redis', 'http'], [target('local', ['native'])])).toEqual(['local native net', 'local native redis', 'local native http']);
  });

  it('in a libvirt guest: net and redis once (guest place), http in the shared folder and on the guest disk', () => {
    expect(steps(['net', 'redis', 'http'], [target('libvirt:web', ['shared', 'guest'])])).toEqual([
      'libvirt:web shared http',
      'libvirt:web guest net',
      'libvirt:web guest redis',
      'libvirt:web guest http',
    ]);
  });

  it('in docker: http in shared, guest and volume; net and redis only in guest; disk tests everywhere', () => {
    expect(steps(['seq-write', 'net', 'redis', 'http'], [target('local', ['native']), target('docker:x', ['shared', 'guest', 'volume'])])).toEqual([
      'local native seq-write',
      'local native net',
      'local native redis',
      'local native http',
      'docker:x shared seq-write',
      'docker:x shared http',
      'docker:x guest seq-write',
      'docker:x guest net',
      'docker:x guest redis',
      'docker:x guest http',
      'docker:x volume seq-write',
      'docker:x volume http',
    ]);
  });

  it('a target without a guest place runs net and redis in its first place', () => {
    expect(servicePlaces('net', ['volume', 'shared'])).toEqual(['volume']);
    expect(servicePlaces('http', ['volume', 'shared'])).toEqual(['volume', 'shared']);
  });

  it('the default suite stays the disk tests', () => {
    expect(buildPlan({ suite: 'quick' }, [target('libvirt:web', ['shared', 'guest'])]).map((p) => p.test)).not.toContain('net');
  });
});

describe("how a target reaches the host's 127.0.0.1", () => {
  it('natively: 127.0.0.1', () => {
    expect(new LocalTransport(tmpdir()).hostAddress()).toMatchObject({ address: '127.0.0.1', path: expect.stringContaining('loopback') });
  });

  it('libvirt: 10.0.2.2 through a user-mode NIC only', () => {
    expect(libvirtHostAddress([{ type: 'user', model: 'rtl8139' }])).toMatchObject({
      address: '10.0.2.2',
      path: expect.stringContaining('QEMU user-mode networking (10.0.2.2'),
    });
    expect(libvirtHostAddress([{ type: 'network', source: 'default' }])).toBeUndefined();
    expect(libvirtHostAddress(undefined)).toBeUndefined();
    const rt = (nics: unknown): RuntimeInfo => ({
      id: 'libvirt:web',
      kind: 'libvirt',
      name: 'libvirt web',
      version: '9',
      state: 'running',
      settings: { guestAgent: 'answers', nics },
      settingsSource: {},
      targets: [],
      findings: [],
    });
    const ctx = createDetectContext({ env: { PATH: process.env.PATH }, dataDir: tmpdir() });
    expect(libvirtTransport(rt([{ type: 'user' }]), 'libvirt:web', ctx)?.hostAddress?.()?.address).toBe('10.0.2.2');
    expect(libvirtTransport(rt([{ type: 'bridge', source: 'br0' }]), 'libvirt:web', ctx)?.hostAddress?.()).toBeUndefined();
    expect(new LibvirtAgentTransport({ uri: 'qemu:///system', domain: 'web', sharedDir: null, guestDir: '/var/tmp/vmbench' }).hostAddress()).toBeUndefined();
  });

  it('docker: host networking and 127.0.0.1 on this kernel or without a bridge, host.docker.internal from a VM engine, nothing from another machine', () => {
    const k = '6.1.0-28-amd64';
    expect(chooseServiceNetwork({ local: true, daemonKernel: k, hostKernel: k, hasBridge: true })).toMatchObject({
      mode: 'host',
      sameStack: true,
      host: { address: '127.0.0.1', path: expect.stringContaining('host networking') },
    });
    expect(chooseServiceNetwork({ local: true, daemonKernel: k, hostKernel: k, hasBridge: false })).toMatchObject({
      mode: 'host',
      host: { address: '127.0.0.1' },
    });
    expect(chooseServiceNetwork({ local: true, daemonKernel: '6.10.14-linuxkit', hostKernel: '24.1.0', hasBridge: true })).toMatchObject({
      mode: 'bridge',
      sameStack: false,
      host: { address: 'host.docker.internal' },
    });
    expect(chooseServiceNetwork({ local: false, daemonKernel: k, hostKernel: k, hasBridge: true })).toEqual({ mode: 'bridge', sameStack: false });
    expect(chooseServiceNetwork({ local: true, daemonKernel: '6.10.14-linuxkit', hostKernel: '24.1.0', hasBridge: false }).host).toBeUndefined();
  });
});

describe('service step set-up', () => {
  it('net without a path to the host fails the step with "unsupported", saying why', async () => {
    const err = await setupServiceStep(stub(['shared', 'guest']), 'libvirt web', 'net', 'guest', new AbortController().signal).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ServiceSetupError);
    expect(err).toMatchObject({
      code: 'unsupported',
      ref: { key: 'errors.service.netNoPath', params: { target: 'libvirt web' } },
      message: expect.stringMatching(/libvirt web.*127\.0\.0\.1.*10\.0\.2\.2/),
    });
    expect(errorText(err, 'ja')).toMatch(/^net では libvirt web を測れません/);
  });

  it('a missing host iperf3 is a tool-missing error that says how to install it', async () => {
    const err = await startHostIperf3(new AbortController().signal, '/nonexistent/iperf3').catch((e: unknown) => e);
    expect(err).toMatchObject({
      code: 'tool-missing',
      ref: { key: 'errors.service.iperf3Missing' },
      message: expect.stringMatching(/brew install iperf3.*apt-get install iperf3/),
    });
  });

  it('redis: a peer that cannot start leaves the local measurement running, with an error for the remote part', async () => {
    const failing = stub(['guest'], {
      startPeer: async () => Promise.reject(Object.assign(new Error('redis-server is not in the image x'), { code: 'tool-missing' })),
    });
    const s = await setupServiceStep(failing, 'docker x', 'redis', 'guest', new AbortController().signal);
    expect(s.args).toEqual([]);
    expect(s.errors).toEqual([
      {
        test: 'redis',
        place: 'guest',
        code: 'tool-missing',
        message: expect.stringContaining('redis across two containers was not measured: redis-server is not in the image x'),
        ref: { key: 'errors.service.redisPeer', params: { error: 'redis-server is not in the image x' } },
      },
    ]);
    const stopped: string[] = [];
    const working = stub(['guest'], {
      startPeer: async () => ({ host: '127.0.0.1', port: 41234, path: 'redis-server in a second container', stop: async () => void stopped.push('peer') }),
    });
    const ok = await setupServiceStep(working, 'docker x', 'redis', 'guest', new AbortController().signal);
    expect([ok.args, ok.path]).toEqual([['--remote', '127.0.0.1:41234'], 'remote = redis-server in a second container']);
    await ok.release();
    expect(stopped).toEqual(['peer']);
  });

  it('the redis peer listens on loopback in protected mode, or beyond it only on a bridge, and is checked with redis-cli', () => {
    const r = redisPeerRequest(new AbortController().signal);
    expect(r.argv('127.0.0.1', 41000)).toEqual([
      'redis-server',
      '--bind',
      '127.0.0.1',
      '--port',
      '41000',
      '--save',
      '',
      '--appendonly',
      'no',
      '--daemonize',
      'no',
      '--protected-mode',
      'yes',
    ]);
    expect(r.argv('0.0.0.0', 6379).slice(-2)).toEqual(['--protected-mode', 'no']);
    expect(r.readyArgv(41000)).toEqual(['redis-cli', '-h', '127.0.0.1', '-p', '41000', 'ping']);
  });

  it('redis tool-output over "remote" gives set_rps_remote and get_rps_remote', () => {
    const csv =
      '"test","rps","avg_latency_ms","min_latency_ms","p50_latency_ms","p95_latency_ms","p99_latency_ms","max_latency_ms"\n"SET","41000.00","0.2","0.1","0.19","0.3","0.4","1.0"\n"GET","45000.00","0.2","0.1","0.18","0.3","0.4","1.0"\n';
    const m = Object.fromEntries(redisToolOutputSamples({ transport: 'remote', csv }).map((s) => [s.metric, s.value]));
    expect(m).toMatchObject({ set_rps_remote: 41000, get_rps_remote: 45000, set_p50_ms_remote: 0.19 });
    expect(() => redisToolOutputSamples({ transport: 'udp', csv })).toThrow(/transport/);
  });
});

describe('net.sh --connect and redis.sh --remote arguments', () => {
  const root = mkdtempSync(join(tmpdir(), 'vmbench-args-'));
  const dir = join(root, 'dir');
  const bin = join(root, 'bin'); // /usr/bin without iperf3 and redis: a valid argument list gets as far as tool-missing, never to a connection
  mkdirSync(dir);
  mkdirSync(bin);
  for (const name of readdirSync('/usr/bin')) if (!/^(iperf3|redis-)/.test(name)) symlinkSync(join('/usr/bin', name), join(bin, name));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const run = (
    name: 'net' | 'redis',
    args: string[],
  ): { code: number | null; events: { event: string; code?: string; message?: string; params?: Record<string, unknown> }[] } => {
    const r = spawnSync('/bin/sh', ['-s', '--', '--dir', dir, ...args], { input: scriptSource(name), encoding: 'utf8', env: { PATH: bin, LC_ALL: 'C' } });
    return {
      code: r.status,
      events: r.stdout
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l)),
    };
  };

  it.each([
    ['net', '--connect', '10.0.2.2', /needs HOST:PORT/],
    ['net', '--connect', '10.0.2.2:0', /port from 1 to 65535/],
    ['net', '--connect', '10.0.2.2:65536', /port from 1 to 65535/],
    ['net', '--connect', 'a;b:5201', /host name or IPv4 address/],
    ['net', '--connect', '-x:5201', /host name or IPv4 address/],
    ['net', '--connect', ':5201', /host name or IPv4 address/],
    ['redis', '--remote', 'h$(id):6379', /host name or IPv4 address/],
    ['redis', '--remote', 'redis:abc', /port from 1 to 65535/],
  ] as const)('%s.sh %s %s is a usage error', (name, flag, value, why) => {
    const r = run(name, [flag, value]);
    expect(r.code).toBe(2);
    expect(r.events[0]).toMatchObject({ event: 'error', code: 'usage', message: expect.stringMatching(why) });
    expect(r.events.at(-1)).toEqual({ event: 'end' });
  });

  it('accepted addresses reach the start event (then iperf3 / redis is missing on this PATH)', () => {
    const net = run('net', ['--trials', '1', '--connect', 'host.docker.internal:5201']);
    expect(net.events[0]).toMatchObject({ event: 'start', params: { port: 5201, connect: 'host.docker.internal:5201' } });
    expect(net.events[1]).toMatchObject({ event: 'error', code: 'tool-missing' });
    const redis = run('redis', ['--trials', '1', '--remote', '10.0.2.2:6379']);
    expect(redis.events[0]).toMatchObject({ event: 'start', params: { remote: '10.0.2.2:6379' } });
    const own = run('net', ['--trials', '1']);
    expect(own.events[0]).toMatchObject({ event: 'start', params: { port: null, connect: null } });
    expect(readdirSync(dir)).toEqual([]);
  });
});
