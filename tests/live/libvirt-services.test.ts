/**
 * The service tests inside a real libvirt guest (the VM stream's shared TCG guest with its 9p share,
 * scripts/shared-test-guest.mjs, booted here; QEMU user-mode networking, driven through the guest agent;
 * libvirt-transport reuses it next and stops it, or the VM stream's teardown does when this file runs alone):
 * net measures guest↔host through QEMU's
 * user-mode networking (the engine's iperf3 server on this machine's 127.0.0.1, the client in the
 * guest connecting to 10.0.2.2), redis runs once on the guest's own loopback and unix socket, and
 * http runs on the guest disk (nginx + wrk in the guest), or, in a guest image without wrk, fails with a
 * clear tool-missing error. The run asks for the guest place only (run.start places): http in the 9p
 * folder is the same script through the same transport in another folder (docker-services serves from a
 * bind mount; libvirt-transport runs the disk scripts in this 9p folder), and it cost this TCG guest
 * about 40 s. Nothing is left in the guest or on the host afterwards.
 * Network rule: the only traffic is guest → 10.0.2.2 inside QEMU's slirp, which QEMU turns into a
 * connection to the host's 127.0.0.1; libvirt's default network is never started.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Envelope, JobEvent, Run } from '../../electron/contract/contract.js';
import { createEngine, type Engine } from '../../electron/engine/api.js';
import { HTTP_REQUEST_TIMEOUT_S } from '../../electron/engine/transports/bench-scripts.js';
import { EMULATION_TIMEOUT_SCALE } from '../../electron/engine/util/host-context.js';
import { guestExec } from '../../scripts/libvirt-test-guest.mjs';
import { sharedGuest, type SharedGuest } from '../../scripts/shared-test-guest.mjs';
import { processesUnder } from '../helpers/e2e-harness.js';

const repo = resolve(import.meta.dirname, '..', '..');
const URI = 'qemu:///system';
let domain = '';
let target = '';
const home = mkdtempSync(join(repo, '.vmbench-tmp-libvirt-svc-'));
const log = (s: string): void => void process.stdout.write(`[libvirt-services] ${s}\n`);
let guest: SharedGuest | undefined;
let engine: Engine;
const events: JobEvent[] = [];
const savedUri = process.env.VMBENCH_LIBVIRT_URI;
const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

async function call<T>(channel: string, ...args: unknown[]): Promise<T> {
  const env = (await engine.dispatch(channel, args)) as Envelope<T>;
  if (!env.ok) throw new Error(`${env.error.code}: ${env.error.message}`);
  return env.value;
}

/** Runs a fixed sh snippet in the guest (values as arguments) and returns its stdout. */
async function inGuest(snippet: string, ...args: string[]): Promise<string> {
  const r = await guestExec(URI, domain, '/bin/sh', ['-c', snippet, 'check', ...args]);
  if (r.exitCode !== 0) throw new Error(`guest command failed (${r.exitCode}): ${r.stderr}`);
  return r.stdout;
}

/** iperf3 servers this file's engine started on this machine (bound to 127.0.0.1); the other live stream's are not ours. */
const hostIperf3Servers = (): string[] => processesUnder(process.pid, /^(\S*\/)?iperf3 -s /);

beforeAll(async () => {
  execFileSync('sh', [join(repo, 'scripts', 'setup-live.sh')], { stdio: ['ignore', 'inherit', 'inherit'], timeout: 900_000 });
  guest = await sharedGuest({ uri: URI, withShare: true, log });
  domain = guest.name;
  target = `libvirt:${domain}`;
  // The agent can answer before DHCP on the user-mode NIC has finished; net needs the route to 10.0.2.2.
  const until = Date.now() + 120_000;
  while (!/inet 10\.0\.2\./.test(await inGuest('ip -4 addr show 2>/dev/null || true')) && Date.now() < until) await sleep(2000);
  process.env.VMBENCH_LIBVIRT_URI = URI;
  engine = createEngine({ dataDir: home, mode: 'cli' });
  engine.subscribe((ev) => events.push(ev));
}, 1_800_000);

afterAll(async () => {
  await engine?.close();
  // Left running for libvirt-transport, the next file and the last user of the shared guest (tests/live/vm-order.ts),
  // which stops it. Alone, the VM stream's teardown (tests/live/vm-teardown.ts) stops it.
  if (savedUri === undefined) delete process.env.VMBENCH_LIBVIRT_URI;
  else process.env.VMBENCH_LIBVIRT_URI = savedUri;
  rmSync(home, { recursive: true, force: true });
}, 180_000);

describe('service tests inside a libvirt guest (real TCG guest, user-mode networking)', () => {
  it('net through 10.0.2.2 to the host, redis on the guest loopback, http on the guest disk, nothing left behind', async () => {
    const hasWrk = (await inGuest('command -v wrk || true')).trim() !== '';
    let serversDuringNet: string[] | undefined;
    const unsubscribe = engine.subscribe((e) => {
      if (e.type === 'sample' && e.test === 'net' && !serversDuringNet) serversDuringNet = hostIperf3Servers();
    });
    const t0 = Date.now();
    const { jobId } = await call<{ jobId: string }>('run.start', { suite: 'quick', targets: [target], tests: ['net', 'redis', 'http'], places: ['guest'] });
    await engine.waitForJob(jobId);
    unsubscribe();
    log(`net, redis, http in the guest: ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    const mine = events.filter((e) => e.jobId === jobId);
    const finished = mine.find((e) => e.type === 'job-finished') as Extract<JobEvent, { type: 'job-finished' }>;
    // A partial run says which step failed and why (its TestErrors), not only "partial".
    const stepErrors = finished.runId
      ? (await call<Run>('runs.get', finished.runId)).targets.flatMap((t) => t.errors.map((e) => `${e.place} ${e.test}: ${e.code}: ${e.message}`))
      : [];
    expect(finished.status, `${finished.message ?? ''} ${stepErrors.join(' | ')}`).toBe('completed');
    expect(
      mine
        .filter((e) => e.type === 'log')
        .map((e) => (e as { message: string }).message)
        .join('\n'),
    ).toMatch(/net measures guest→host through QEMU user-mode networking \(10\.0\.2\.2/);
    expect(serversDuringNet).toHaveLength(1);
    expect(serversDuringNet![0]).toMatch(/iperf3 -s -B 127\.0\.0\.1 -p \d+/);

    const run = await call<Run>('runs.get', finished.runId!);
    const t = run.targets[0];
    expect(t.results.map((r) => `${r.place} ${r.test}`)).toEqual(hasWrk ? ['guest net', 'guest redis', 'guest http'] : ['guest net', 'guest redis']);
    for (const r of t.results) {
      log(
        `${r.place} ${r.test}: ${Object.entries(r.metrics)
          .filter(([m]) => /Mbps|rps|req_per_s/.test(m))
          .map(([m, s]) => `${m}=${Math.round(s.median)}`)
          .join(' ')}`,
      );
      for (const [metric, s] of Object.entries(r.metrics)) {
        expect(s.n, `${r.test} ${metric}`).toBe(3);
        expect(s.median, `${r.test} ${metric}`).toBeGreaterThan(0);
      }
    }
    const net = t.results.find((r) => r.test === 'net')!;
    expect(Object.keys(net.metrics).sort()).toEqual(['rx_Mbps', 'tx_Mbps']);
    expect(net.command).toMatch(/^iperf3 -c 10\.0\.2\.2 -p \d+ -J -O 1/);
    expect(net.tool.method).toMatch(
      /measured path: guest→host through QEMU user-mode networking \(10\.0\.2\.2, which QEMU maps to the host's 127\.0\.0\.1\).*bound to 127\.0\.0\.1:\d+/,
    );
    const redis = t.results.find((r) => r.test === 'redis')!;
    expect(Object.keys(redis.metrics)).toEqual(expect.arrayContaining(['set_rps_tcp', 'get_rps_tcp', 'set_rps_unix', 'get_rps_unix']));
    expect(Object.keys(redis.metrics).some((m) => m.endsWith('_remote'))).toBe(false);

    if (hasWrk) {
      expect(t.errors).toEqual([]);
      for (const place of ['guest']) {
        const http = t.results.find((r) => r.test === 'http' && r.place === place)!;
        expect(http.metrics.req_per_s.median, place).toBeGreaterThan(0);
        expect(http.command).toContain('127.0.0.1');
        // The guest runs under TCG: wrk's per-request time-out is scaled like the script's (slowTargetArgs).
        expect(http.params.timeoutS, place).toBe(HTTP_REQUEST_TIMEOUT_S * EMULATION_TIMEOUT_SCALE);
      }
    } else {
      // An image with nginx-light but no wrk: a clear error, never a silent skip.
      expect(t.errors.map((e) => `${e.place} ${e.test} ${e.code}`)).toEqual(['guest http tool-missing']);
      for (const e of t.errors) expect(e.message).toMatch(/wrk not found in this target: install nginx and wrk \(apt-get install/);
    }

    expect(hostIperf3Servers()).toEqual([]);
    expect({
      shared: await inGuest('ls -A "$1"', '/mnt/host'),
      guest: await inGuest('ls -A "$1" 2>/dev/null || true', '/var/tmp/vmbench'),
      tmp: await inGuest('ls -A /tmp | grep "^vmbench-" || true'),
      procs: await inGuest('ps -eo pid,args | grep -E "iperf3|redis-|nginx|/tmp/vmbench-" | grep -v grep || true'),
    }).toEqual({ shared: '', guest: '', tmp: '', procs: '' });
    expect(readdirSync(guest!.share!)).toEqual([]);
  }, 1_200_000);
});
