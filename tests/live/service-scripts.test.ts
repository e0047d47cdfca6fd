// net.sh, redis.sh and http.sh for real on the native target: real iperf3, redis-server +
// redis-benchmark, nginx + wrk, all on 127.0.0.1 only, short and bounded; run exactly as the
// engine runs them (lib.sh + <test>.sh on stdin of `sh -s`, own process group), in dash; http.sh
// (the static file and the small site) also in BusyBox ash and bash --posix.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BenchEvent, TestId } from '../../electron/contract/contract.js';
import { StepCollector } from '../../electron/engine/bench/step-collector.js';
import { ofKind, processesMentioning, realDiskDir, runScript, type ScriptRun } from '../helpers/run-script.js';

type Service = 'net' | 'redis' | 'http';
const SMALL: Record<Service, string[]> = {
  net: ['--trials', '2', '--runtime-s', '1'],
  redis: ['--trials', '2', '--requests', '5000', '--clients', '8', '--max-s', '20'],
  http: ['--trials', '2', '--runtime-s', '1', '--clients', '4', '--files', '20', '--timeout-s', '7'], // 7: an emulated guest's scaled time-out reaches wrk
};
const METRICS: Record<Service, string[]> = {
  net: ['tx_Mbps', 'rx_Mbps'],
  redis: ['set_rps_tcp', 'get_rps_tcp', 'set_rps_unix', 'get_rps_unix', 'set_p50_ms_tcp', 'get_p99_ms_unix'],
  http: ['req_per_s', 'lat_p50_ms', 'lat_p99_ms', 'site_req_per_s', 'site_lat_p50_ms', 'site_lat_p99_ms'],
};
const TOOLS: Record<Service, string[]> = { net: ['iperf3'], redis: ['redis-server', 'redis-benchmark'], http: ['nginx', 'wrk'] };
const SERVICES = Object.keys(SMALL) as Service[];

/** Local ports of TCP sockets on any local address (/proc/net/tcp and tcp6): in any state, or only in `state` ('0A' is LISTEN). */
function tcpPorts(state?: string): Set<number> {
  const ports = new Set<number>();
  for (const f of ['/proc/net/tcp', '/proc/net/tcp6']) {
    for (const line of readFileSync(f, 'utf8').split('\n').slice(1)) {
      const p = line.trim().split(/\s+/);
      if (p[1] && (state === undefined || p[3] === state)) ports.add(parseInt(p[1].split(':').at(-1)!, 16));
    }
  }
  return ports;
}

/** Ports in LISTEN state. */
const listening = (): Set<number> => tcpPorts('0A');

/**
 * A port for a server the test names itself: below the kernel's ephemeral range (where the
 * machine's own outgoing connections take theirs; a pick from it was once taken, and the script
 * rightly failed with "nginx did not start"), and used by no socket now.
 */
function freePort(): number {
  const [low] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/).map(Number);
  const top = Math.min(low || 32768, 32768) - 1;
  const used = tcpPorts();
  for (;;) {
    const port = 20000 + Math.floor(Math.random() * (top - 20000));
    if (!used.has(port)) return port;
  }
}

/** What the engine makes of a run's events. */
function collect(test: Service, events: BenchEvent[]): ReturnType<StepCollector['finish']> {
  const c = new StepCollector(test as TestId, 'native', () => undefined);
  for (const ev of events) c.onEvent(ev);
  return c.finish({ exitCode: 0, cancelled: false, timedOut: false });
}

const portOf = (run: ScriptRun): number => {
  const cmd = ofKind(run.events, 'result')[0]?.command ?? '';
  return Number(/(?:-p |127\.0\.0\.1:)(\d+)/.exec(cmd)?.[1]);
};

let root: string;
let noTools: string; // /usr/bin without the service tools (nginx is in /usr/sbin, not on this PATH)
beforeAll(() => {
  root = realDiskDir('vmbench-services-');
  noTools = mkdtempSync(join(os.tmpdir(), 'vmbench-notools-'));
  const skip = new Set(Object.values(TOOLS).flat());
  for (const name of readdirSync('/usr/bin')) if (!skip.has(name)) symlinkSync(join('/usr/bin', name), join(noTools, name));
});
afterAll(() => {
  rmSync(root, { recursive: true, force: true });
  rmSync(noTools, { recursive: true, force: true });
});

const freshDir = (): string => mkdtempSync(join(root, 'd-'));

/** http.sh measured the static file and the small site each trial, and its result says so. */
function expectBothHttpParts(run: ScriptRun): void {
  const outputs = ofKind(run.events, 'tool-output');
  expect(outputs.map((o) => [o.trial, (o.data as { kind?: string }).kind])).toEqual([
    [1, 'static'],
    [1, 'site'],
    [2, 'static'],
    [2, 'site'],
  ]);
  // The site's responses are the ~1 KB pages (not the 64 KiB file, not error pages).
  const perRequest = outputs.map((o) => {
    const d = o.data as { bytes: number; requests: number };
    return d.bytes / d.requests;
  });
  expect(perRequest[0]).toBeGreaterThan(65536);
  expect(perRequest[1]).toBeGreaterThan(900);
  expect(perRequest[1]).toBeLessThan(2000);
  const [res] = ofKind(run.events, 'result');
  expect(res.method).toMatch(/static = GET of one 64 KiB random file/);
  expect(res.method).toMatch(/site = a Lua request\(\) cycling through 20 small pages small\/1\.html \.\. small\/20\.html/);
  expect(res.params).toMatchObject({ files: 20, sitePages: 20, fileKiB: 64, timeoutS: 7 });
  expect(res.method).toMatch(/a request unanswered after 7 s counted as an error/);
  expect(res.command).toMatch(/--timeout 7s -s WORK\/static\.lua/);
  expect(res.command).toMatch(/-s WORK\/static\.lua http:\/\/127\.0\.0\.1:\d+\/static\.bin; wrk .* -s WORK\/site\.lua http:\/\/127\.0\.0\.1:\d+\//);
}

describe.each(SERVICES)('%s.sh on the native target', (test) => {
  it('measures over 127.0.0.1, and leaves no server, port or file behind', async () => {
    const dir = freshDir();
    const before = listening();
    const run = await runScript(test, ['--dir', dir, ...SMALL[test]], { timeoutMs: 120_000 });
    expect(run.bad).toEqual([]);
    expect(run.code, run.stderr).toBe(0);
    expect(ofKind(run.events, 'error')).toEqual([]);
    expect(ofKind(run.events, 'tool-output')).toHaveLength(4);
    const { result, errors } = collect(test, run.events);
    expect(errors).toEqual([]);
    for (const m of METRICS[test]) {
      expect(result?.metrics[m]?.n, m).toBe(2);
      expect(result?.metrics[m]?.median, m).toBeGreaterThan(0);
    }
    expect(result?.tool.name).toBe(test === 'net' ? 'iperf3' : test === 'redis' ? 'redis-benchmark' : 'wrk');
    expect(result?.command).toContain('127.0.0.1');
    const port = portOf(run);
    expect(port).toBeGreaterThan(0);
    expect(before.has(port)).toBe(false);
    expect(listening().has(port)).toBe(false);
    expect(readdirSync(dir)).toEqual([]);
    expect(processesMentioning(dir)).toEqual([]);
    if (test === 'http') expectBothHttpParts(run);
  });

  it('stops its server and removes its files on SIGTERM mid-run', async () => {
    const dir = freshDir();
    const port = freePort();
    const args = test === 'redis' ? ['--trials', '50', '--requests', '20000', '--clients', '8'] : ['--trials', '5', '--runtime-s', '3'];
    const run = await runScript(test, ['--dir', dir, '--port', String(port), ...args], {
      cancel: { signal: 'SIGTERM', when: (ev) => ev.event === 'tool-output', delayMs: 200 },
      timeoutMs: 60_000,
    });
    expect(run.code, JSON.stringify(ofKind(run.events, 'error'))).toBe(143);
    expect(ofKind(run.events, 'error').map((e) => e.code)).toEqual(['cancelled']);
    expect(run.events.at(-1)).toEqual({ event: 'end' });
    process.stdout.write(`[service-scripts] ${test}.sh ended ${run.stopMs} ms after SIGTERM\n`);
    expect(listening().has(port)).toBe(false);
    expect(readdirSync(dir)).toEqual([]);
    expect(processesMentioning(dir)).toEqual([]);
    expect(processesMentioning(`127.0.0.1:${port}`)).toEqual([]);
    expect(processesMentioning(`-p ${port}`)).toEqual([]);
  });

  it('says tool-missing, with how to install, when its tool is not on PATH', async () => {
    const dir = freshDir();
    const run = await runScript(test, ['--dir', dir, ...SMALL[test]], { shell: ['/bin/sh'], env: { ...process.env, PATH: noTools } });
    expect(run.code).toBe(4);
    const [err] = ofKind(run.events, 'error');
    expect(err.code).toBe('tool-missing');
    expect(err.message).toMatch(/apt-get install/);
    expect(err.message).toContain(TOOLS[test][0]);
    expect(readdirSync(dir)).toEqual([]);
  });
});

const which = (cmd: string): string => execFileSync('sh', ['-c', 'command -v "$1"', 'sh', cmd], { encoding: 'utf8' }).trim();

describe('net.sh against a server that is still busy', () => {
  // iperf3's server answers "the server is busy running a test" to a client that comes while it still has a
  // test: on a loaded machine, the next trial's client can come before the server has wound down the last one.
  // Here a real client holds the server for 2 s when net.sh --connect starts (as the engine's guest runs do).
  it('waits and tries the trial again instead of failing, then measures both directions', async () => {
    const dir = freshDir();
    const port = freePort();
    const server = spawn('iperf3', ['-s', '-B', '127.0.0.1', '-p', String(port), '--forceflush'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let serverOut = '';
    server.stdout.on('data', (b: Buffer) => (serverOut += b.toString()));
    try {
      await expect.poll(() => serverOut, { timeout: 30_000 }).toMatch(/listening/i);
      const holder = spawn('iperf3', ['-c', '127.0.0.1', '-p', String(port), '-t', '2'], { stdio: 'ignore' });
      await expect.poll(() => serverOut, { timeout: 30_000 }).toMatch(/Accepted connection/);
      const run = await runScript('net', ['--dir', dir, '--connect', `127.0.0.1:${port}`, '--trials', '1', '--runtime-s', '1'], { timeoutMs: 120_000 });
      await new Promise((r) => (holder.exitCode === null ? holder.on('close', r) : r(null)));
      expect(ofKind(run.events, 'error')).toEqual([]);
      expect(run.code, run.stderr).toBe(0);
      expect(run.stderr).toMatch(/still busy with the previous test \(it said: the server is busy running a test[^)]*\); trying again in 1 s/);
      expect(ofKind(run.events, 'tool-output')).toHaveLength(2);
      expect(collect('net', run.events).result?.metrics.rx_Mbps?.n).toBe(1);
      expect(readdirSync(dir)).toEqual([]);
    } finally {
      server.kill('SIGTERM');
    }
  });
});

describe('http.sh in other POSIX shells', () => {
  let bbBin: string; // every BusyBox applet + nginx + wrk
  beforeAll(() => {
    bbBin = mkdtempSync(join(os.tmpdir(), 'vmbench-bb-http-'));
    for (const a of execFileSync(which('busybox'), ['--list'], { encoding: 'utf8' }).split('\n').filter(Boolean)) symlinkSync(which('busybox'), join(bbBin, a));
    for (const t of TOOLS.http) symlinkSync(which(t), join(bbBin, t));
  });
  afterAll(() => rmSync(bbBin, { recursive: true, force: true }));

  const shells: [string, () => { cmd: string[]; env: NodeJS.ProcessEnv }][] = [
    ['BusyBox ash (only BusyBox applets, nginx and wrk on PATH)', () => ({ cmd: [which('busybox'), 'sh'], env: { PATH: bbBin } })],
    ['bash --posix', () => ({ cmd: [which('bash'), '--posix'], env: process.env })],
  ];
  it.each(shells)('%s: both parts measured, nothing left behind', async (_name, shell) => {
    const { cmd, env } = shell();
    const dir = freshDir();
    const run = await runScript('http', ['--dir', dir, ...SMALL.http], { shell: cmd, env, timeoutMs: 60_000 });
    expect(run.bad).toEqual([]);
    expect(run.code, run.stderr).toBe(0);
    expect(ofKind(run.events, 'error')).toEqual([]);
    const { result, errors } = collect('http', run.events);
    expect(errors).toEqual([]);
    for (const m of METRICS.http) expect(result?.metrics[m]?.median, m).toBeGreaterThan(0);
    expectBothHttpParts(run);
    expect(readdirSync(dir)).toEqual([]);
    expect(processesMentioning(dir)).toEqual([]);
  });
});
