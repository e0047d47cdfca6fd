/**
 * The service tests (net, redis, http) inside docker containers, through the engine, against a
 * real private dockerd, the live host stream's shared one (tests/helpers/shared-dockerd.ts, handed over
 * clean; --bridge=none --iptables=false: the service containers use host networking) and the image of scripts/build-test-image.sh (iperf3, redis, nginx, wrk):
 *   net   the engine's iperf3 server on this machine's 127.0.0.1, the client in the container;
 *   redis TCP + unix socket in the container, and across two containers (a peer redis-server on
 *         127.0.0.1 only, a free port);
 *   http  in shared, guest and volume.
 * Afterwards nothing is left: no container, no volume, no host iperf3 server, no work dir. A cancel
 * during redis also cleans up. The same three on This machine (its loopback path, no remote redis):
 * tests/live/ui-services.test.ts; each service script on its own: tests/live/service-scripts.test.ts.
 * Network rule: only loopback (host networking in the root namespace, servers bound to 127.0.0.1).
 */
import { spawnSync } from 'node:child_process';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobEvent, Run } from '../../electron/contract/contract.js';
import { createEngine, type Engine } from '../../electron/engine/api.js';
import { DockerTransport } from '../../electron/engine/transports/docker/index.js';
import { call, ofType, vmbenchObjects, workDirs } from '../helpers/docker-checks.js';
import { processesUnder } from '../helpers/e2e-harness.js';
import { startDockerTestEnv, type DockerTestEnv } from '../helpers/docker-test-env.js';
import type { PrivateDockerd } from '../helpers/private-dockerd.js';
import { englishOf } from '../../electron/messages/message-english.js';

const CONTEXT = 'vmbench-ds';
const TARGET = `docker:${CONTEXT}`;
const IMAGE = 'vmbench-guest:local';
let env: DockerTestEnv | undefined;
let d: PrivateDockerd;
let root: string;
let engine: Engine;
const events: JobEvent[] = [];
const log = (s: string): void => void process.stdout.write(`[docker-services] ${s}\n`);
const shared = (): string => join(root, 'data', 'scratch-shared');

/** iperf3 servers this file's engine started on this machine (bound to 127.0.0.1); the other live stream's are not ours. */
const hostIperf3Servers = (): string[] => processesUnder(process.pid, /^(\S*\/)?iperf3 -s /);

/** Name and network mode of every vmbench container. */
function containers(): { name: string; network: string }[] {
  const ids = vmbenchObjects(d).containers;
  if (!ids.length) return [];
  return (JSON.parse(d.docker(['inspect', ...ids])) as { Name: string; HostConfig: { NetworkMode: string } }[])
    .map((c) => ({ name: c.Name.replace(/^\//, '').replace(/^vmbench-[^-]+-[0-9a-f]+/, 'RUN'), network: c.HostConfig.NetworkMode }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

beforeAll(async () => {
  env = await startDockerTestEnv('vmbench-ds-', CONTEXT, 'docker-services');
  ({ root, d } = env);
  engine = createEngine({ dataDir: join(root, 'data'), mode: 'cli' });
  engine.subscribe((e) => events.push(e));
}, 1_900_000);

afterAll(async () => {
  await engine?.close();
  await env?.stop();
}, 120_000);

describe('service tests inside docker containers (real dockerd, host networking)', () => {
  it('net, redis (same container and across two) and http run in the container, with the path in the method, and leave nothing behind', async () => {
    let duringNet: Promise<{ name: string; network: string }[]> | undefined;
    let duringRedis: Promise<{ name: string; network: string }[]> | undefined;
    let serversDuringNet: string[] = [];
    const unsubscribe = engine.subscribe((e) => {
      if (e.type !== 'sample' || e.target !== TARGET) return;
      if (e.test === 'net' && !duringNet) {
        serversDuringNet = hostIperf3Servers();
        duringNet = Promise.resolve(containers());
      }
      if (e.test === 'redis' && !duringRedis) duringRedis = Promise.resolve(containers());
    });
    const t0 = Date.now();
    const { jobId } = await call<{ jobId: string }>(engine, 'run.start', { suite: 'quick', targets: [TARGET], image: IMAGE, tests: ['net', 'redis', 'http'] });
    await engine.waitForJob(jobId);
    unsubscribe();
    log(`net, redis, http in docker: ${Math.round((Date.now() - t0) / 1000)} s`);
    const [finished] = ofType(events, jobId, 'job-finished');
    expect(finished, JSON.stringify([...ofType(events, jobId, 'log'), ...ofType(events, jobId, 'test-error')])).toMatchObject({ status: 'completed' });
    const logs = ofType(events, jobId, 'log')
      .map((l) => l.message)
      .join('\n');
    expect(logs).toMatch(/net measures host networking \(--network host\)/);
    expect(logs).toMatch(/Service tests run in a second container, vmbench-\S+-net, with the same places and host networking/);

    // While net ran: the engine's iperf3 server on 127.0.0.1, the disk container still without a network.
    expect(serversDuringNet).toHaveLength(1);
    expect(serversDuringNet[0]).toMatch(/iperf3 -s -B 127\.0\.0\.1 -p \d+/);
    expect(await duringNet).toEqual([
      { name: 'RUN', network: 'none' },
      { name: 'RUN-net', network: 'host' },
    ]);
    expect(await duringRedis).toEqual([
      { name: 'RUN', network: 'none' },
      { name: 'RUN-net', network: 'host' },
      { name: 'RUN-redis', network: 'host' },
    ]);

    const run = await call<Run>(engine, 'runs.get', finished.runId!);
    expect(run.targets.map((t) => t.id)).toEqual([TARGET]);
    const docker = run.targets[0];
    expect(docker.errors).toEqual([]);
    expect(docker.results.map((r) => `${r.place} ${r.test}`).sort()).toEqual(['guest http', 'guest net', 'guest redis', 'shared http', 'volume http'].sort());
    for (const r of docker.results) {
      log(
        `${r.place} ${r.test}: ${Object.entries(r.metrics)
          .filter(([m]) => /Mbps|rps|req_per_s/.test(m))
          .map(([m, s]) => `${m}=${Math.round(s.median)}`)
          .join(' ')}`,
      );
      for (const [metric, s] of Object.entries(r.metrics)) {
        expect(s.n, `${r.place} ${r.test} ${metric}`).toBe(3);
        expect(s.median, `${r.place} ${r.test} ${metric}`).toBeGreaterThan(0);
      }
    }
    const net = docker.results.find((r) => r.test === 'net')!;
    expect(Object.keys(net.metrics).sort()).toEqual(['rx_Mbps', 'tx_Mbps']);
    expect(net.tool.method).toMatch(
      /measured path: host networking \(--network host\).*the server is iperf3 [\d.]+ on this machine, bound to 127\.0\.0\.1:\d+/,
    );
    expect(net.command).toMatch(/^iperf3 -c 127\.0\.0\.1 -p \d+ -J -O 1/);
    const redis = docker.results.find((r) => r.test === 'redis')!;
    for (const m of ['set_rps_tcp', 'get_rps_tcp', 'set_rps_unix', 'get_rps_unix', 'set_rps_remote', 'get_rps_remote'])
      expect(redis.metrics[m]?.median, m).toBeGreaterThan(0);
    expect(redis.tool.method).toMatch(
      /remote = redis-server in a second container of vmbench-guest:local \(vmbench-\S+-redis\), over host networking, listening on 127\.0\.0\.1:\d+ only/,
    );
    const ratio = redis.metrics.set_rps_remote.median / redis.metrics.set_rps_tcp.median;
    log(`redis SET remote/same-container: ${ratio.toFixed(2)}`);

    expect(vmbenchObjects(d)).toEqual({ containers: [], volumes: [] });
    expect(hostIperf3Servers()).toEqual([]);
    expect(workDirs(shared())).toEqual([]);
  }, 900_000);

  it('cancelled while redis runs across two containers: the peer, both containers and the volume are removed', async () => {
    let cancelled: Promise<unknown> | undefined;
    let peerSeen = false;
    const unsubscribe = engine.subscribe((e) => {
      if (cancelled || e.type !== 'sample' || e.test !== 'redis' || e.target !== TARGET) return;
      peerSeen = containers().some((c) => c.name === 'RUN-redis');
      cancelled = call(engine, 'run.cancel', e.jobId);
    });
    const { jobId } = await call<{ jobId: string }>(engine, 'run.start', { suite: 'quick', targets: [TARGET], image: IMAGE, tests: ['redis'] });
    await engine.waitForJob(jobId);
    unsubscribe();
    expect(await cancelled).toEqual({ cancelled: true });
    expect(peerSeen).toBe(true);
    expect(ofType(events, jobId, 'job-finished')[0]).toMatchObject({ status: 'cancelled' });
    expect(vmbenchObjects(d)).toEqual({ containers: [], volumes: [] });
    expect(hostIperf3Servers()).toEqual([]);
    expect(workDirs(shared())).toEqual([]);
  }, 300_000);

  it('removes what a dead run left behind: its bench, service and peer containers on one volume', async () => {
    const dead = spawnSync('true').pid!;
    const labels = ['dev.vmbench=1', `dev.vmbench.host=${hostname()}`, `dev.vmbench.pid=${dead}`, 'dev.vmbench.run=old'].flatMap((l) => ['--label', l]);
    d.docker(['volume', 'create', ...labels, 'vmbench-old-ds']);
    d.docker(['create', '--network', 'none', '--name', 'vmbench-old-ds', ...labels, '-v', 'vmbench-old-ds:/vmbench/volume', IMAGE, 'sh']);
    d.docker(['create', '--network', 'host', '--name', 'vmbench-old-ds-net', ...labels, '-v', 'vmbench-old-ds:/vmbench/volume', IMAGE, 'sh']);
    d.docker(['create', '--network', 'host', '--name', 'vmbench-old-ds-redis', ...labels, IMAGE, 'redis-server']);
    const logs: string[] = [];
    const t = new DockerTransport({ endpoint: d.host, engine: 'the test dockerd', sharedDir: shared(), image: IMAGE });
    try {
      const t0 = Date.now();
      await t.prepare({ signal: new AbortController().signal, image: IMAGE, log: (_l, m) => logs.push(englishOf(m)) });
      process.stdout.write(`[docker-services] prepare with leftovers: ${Date.now() - t0} ms\n`);
      expect(logs).toContain('Removed 3 leftover vmbench container(s) of an earlier run that did not finish.');
      expect(vmbenchObjects(d).volumes).toEqual([`vmbench-${t.token}`]);
    } finally {
      await t.dispose();
    }
    expect(vmbenchObjects(d)).toEqual({ containers: [], volumes: [] });
  }, 120_000);
});
