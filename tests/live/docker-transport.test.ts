/**
 * The docker transport against a real private dockerd, the live host stream's shared one
 * (tests/helpers/shared-dockerd.ts, handed over clean; --bridge=none --iptables=false, private socket,
 * loopback-only proxy) and real images built without any registry
 * (scripts/build-test-image.sh: debootstrap + docker import, cached in /var/cache/vmbench-test).
 * Through the engine: a write and a read test (seq-write, seq-read) in shared, guest and volume with
 * real fio numbers, and a cancel mid-run once rand-read has measured in the shared folder. Through the
 * transport: the script's process group stopped (trap cleanup), the SIGKILL escalation, an image
 * without fio (and without setsid), image errors, leftovers.
 * Every disk script on its own, in three shells: tests/live/bench-scripts.test.ts; the whole quick
 * suite through the engine natively: tests/integration (engine-run). Here only what the container
 * adds, so the engine-level run is two tests, not the suite.
 * Network rule: every container runs with network none; the daemon has no bridge.
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism, hostname, release } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { BenchEvent, DetectResult, JobEvent, Run, RuntimeInfo } from '../../electron/contract/contract.js';
import { createEngine, type Engine } from '../../electron/engine/api.js';
import { executeRun } from '../../electron/engine/bench/runner.js';
import { scriptArgs, scriptSource, scriptsDir } from '../../electron/engine/transports/bench-scripts.js';
import { RunStore } from '../../electron/engine/store/run-store.js';
import { DockerTransport } from '../../electron/engine/transports/docker/index.js';
import { benchImageTag } from '../../electron/engine/transports/docker/image.js';
import { benchProcesses, call, errorsBesidesSettle, ofType, vmbenchObjects, workDirs } from '../helpers/docker-checks.js';
import { startDockerTestEnv, type DockerTestEnv } from '../helpers/docker-test-env.js';
import type { PrivateDockerd } from '../helpers/private-dockerd.js';
import { englishOf } from '../../electron/messages/message-english.js';
import { ownerTagFor } from '../../electron/engine/util/owner.js';
import { physicalDisk } from '../../electron/engine/util/footprint.js';

const CONTEXT = 'vmbench-dt';
const BIN = join(import.meta.dirname, '..', '..', 'bin', 'vmbench.js');
const TARGET = `docker:${CONTEXT}`;
const IMAGE = 'vmbench-guest:local';
const NOFIO = 'vmbench-guest-nofio:local';
let env: DockerTestEnv | undefined;
let d: PrivateDockerd;
let root: string;
let engine: Engine;
const events: JobEvent[] = [];
const never = new AbortController().signal;

const shared = (): string => join(root, 'data', 'scratch-shared');
/** The daemon's image ids, sorted (images created in the same second list in either order). */
const imageIds = (): string => d.docker(['images', '-q']).split('\n').filter(Boolean).sort().join('\n');
const created: DockerTransport[] = [];
const transport = (opts: Partial<ConstructorParameters<typeof DockerTransport>[0]> = {}): DockerTransport => {
  const t = new DockerTransport({ endpoint: d.host, engine: 'the test dockerd', sharedDir: shared(), image: IMAGE, ...opts });
  created.push(t);
  return t;
};
const script = (name: 'rand-read' | 'seq-write', dir: string): { name: string; source: string; args: string[] } => ({
  name,
  source: scriptSource(name),
  args: scriptArgs(name, 'quick', dir),
});

beforeAll(async () => {
  env = await startDockerTestEnv('vmbench-dt-', CONTEXT, 'docker-transport');
  ({ root, d } = env);
  engine = createEngine({ dataDir: join(root, 'data'), mode: 'cli' });
  engine.subscribe((e) => events.push(e));
}, 1_900_000);

// A failing test must not leave its container to the next one.
afterEach(async () => {
  for (const t of created.splice(0)) await t.dispose().catch(() => undefined);
});

afterAll(async () => {
  await engine?.close();
  await env?.stop();
}, 120_000);

describe('docker transport through the engine', () => {
  it('runs a write and a read test in shared, guest and volume with real fio numbers, network none, and removes everything', async () => {
    let inspected: Promise<{ network: string; mounts: string[]; interfaces: string[]; labels: Record<string, string> }> | undefined;
    const unsubscribe = engine.subscribe((e) => {
      if (e.type !== 'probe' || inspected) return;
      inspected = (async () => {
        const [id] = vmbenchObjects(d).containers;
        const info = JSON.parse(d.docker(['inspect', id]))[0];
        const netDev = d.docker(['exec', id, 'cat', '/proc/net/dev']);
        return {
          network: info.HostConfig.NetworkMode,
          mounts: info.Mounts.map((m: { Type: string; Destination: string }) => `${m.Type} ${m.Destination}`).sort(),
          interfaces: [...netDev.matchAll(/^\s*([^\s:]+):/gm)].map((m) => m[1]),
          labels: info.Config.Labels,
        };
      })();
    });
    const started = Date.now();
    const { jobId } = await call<{ jobId: string }>(engine, 'run.start', { suite: 'quick', targets: [TARGET], image: IMAGE, tests: ['seq-write', 'seq-read'] });
    await engine.waitForJob(jobId);
    unsubscribe();
    const [finished] = ofType(events, jobId, 'job-finished');
    expect(finished, JSON.stringify(ofType(events, jobId, 'log'))).toMatchObject({ status: 'completed' });
    process.stdout.write(`[docker-transport] seq-write and seq-read in 3 places: ${Math.round((Date.now() - started) / 1000)} s\n`);

    expect(await inspected).toMatchObject({
      network: 'none',
      mounts: ['bind /vmbench/shared', 'volume /vmbench/volume'],
      interfaces: ['lo'],
      labels: { 'dev.vmbench': '1', 'dev.vmbench.host': hostname() },
    });
    expect(
      ofType(events, jobId, 'log')
        .map((l) => l.message)
        .join('\n'),
    ).toMatch(/Running the suite in container vmbench-\S+ of vmbench-guest:local on Docker Engine \(vmbench-dt\), network none/);
    const run = await call<Run>(engine, 'runs.get', finished.runId!);
    const t = run.targets[0];
    expect(t).toMatchObject({ id: TARGET, runtime: TARGET });
    expect(errorsBesidesSettle(t)).toEqual([]);
    // The container shares the host's kernel: the probe ran inside it.
    expect(t.probe).toMatchObject({ kernel: release(), dirFsType: 'ext4', tools: { fio: expect.stringMatching(/^\d+\.\d+/) } });
    expect(t.results.map((r) => `${r.place} ${r.test}`).sort()).toEqual(
      ['shared', 'guest', 'volume'].flatMap((p) => ['seq-read', 'seq-write'].map((x) => `${p} ${x}`)).sort(),
    );
    for (const r of t.results) {
      for (const [metric, s] of Object.entries(r.metrics)) {
        expect(s.n, `${r.place} ${r.test} ${metric}`).toBeGreaterThanOrEqual(3);
        expect(s.median, `${r.place} ${r.test} ${metric}`).toBeGreaterThan(0);
      }
      expect(r.tool).toMatchObject({ name: 'fio', version: t.probe!.tools.fio });
      expect(r.command).toContain(`/vmbench/${r.place}/.vmbench-`);
    }
    const mbps = (place: string, test: string, metric: string): number => t.results.find((r) => r.place === place && r.test === test)!.metrics[metric].median;
    for (const [test, metric] of [
      ['seq-write', 'write_MBps'],
      ['seq-read', 'read_MBps'],
    ]) {
      process.stdout.write(
        `[docker-transport] ${test} MB/s shared ${mbps('shared', test, metric)} guest ${mbps('guest', test, metric)} volume ${mbps('volume', test, metric)}\n`,
      );
    }
    expect(vmbenchObjects(d)).toEqual({ containers: [], volumes: [] });
    expect(workDirs(shared())).toEqual([]);
  }, 900_000);

  it('cancels mid-run: the script stops, its files go, the container and the volume are removed', async () => {
    let sawWorkDir: string[] = [];
    let cancelled: Promise<unknown> | undefined;
    let cancelAt = 0;
    let firstSample: { metric: string; value: number } | undefined;
    const unsubscribe = engine.subscribe((e) => {
      if (cancelled || e.type !== 'sample' || e.place !== 'shared' || e.test !== 'rand-read') return;
      firstSample = { metric: e.metric, value: e.value };
      sawWorkDir = workDirs(shared());
      cancelAt = Date.now();
      cancelled = call(engine, 'run.cancel', e.jobId);
    });
    const { jobId } = await call<{ jobId: string }>(engine, 'run.start', {
      suite: 'quick',
      targets: [TARGET],
      image: IMAGE,
      tests: ['seq-write', 'rand-read'],
    });
    await engine.waitForJob(jobId);
    unsubscribe();
    expect(cancelled, 'the run never reached rand-read in the shared place').toBeDefined();
    expect(await cancelled).toEqual({ cancelled: true });
    // rand-read's first trial measured in the container (fio with its asynchronous engine) before the cancel.
    process.stdout.write(`[docker-transport] rand-read in the shared folder, first trial: ${firstSample!.value} IOPS\n`);
    expect(firstSample!.metric).toBe('read_iops');
    expect(firstSample!.value).toBeGreaterThan(100);
    process.stdout.write(`[docker-transport] cancel to clean: ${Date.now() - cancelAt} ms\n`);
    expect(sawWorkDir).toHaveLength(1);
    expect(ofType(events, jobId, 'job-finished')[0]).toMatchObject({ status: 'cancelled' });
    expect(workDirs(shared())).toEqual([]);
    expect(vmbenchObjects(d)).toEqual({ containers: [], volumes: [] });
    expect(benchProcesses(d)).toEqual([]);
    const run = await call<Run>(engine, 'runs.get', ofType(events, jobId, 'job-finished')[0].runId!);
    expect(run.targets[0].results.map((r) => `${r.place} ${r.test}`)).toEqual(['shared seq-write']);
  }, 300_000);

  it('reports an image that is not there, and pulls nothing', async () => {
    const before = imageIds();
    const { jobId } = await call<{ jobId: string }>(engine, 'run.start', {
      suite: 'quick',
      targets: [TARGET],
      image: 'vmbench-absent:1',
      tests: ['rand-read'],
    });
    await engine.waitForJob(jobId);
    expect(ofType(events, jobId, 'job-finished')[0]).toMatchObject({ status: 'failed' });
    const errors = ofType(events, jobId, 'test-error').map((e) => e.error);
    expect(errors.map((e) => `${e.place} ${e.test} ${e.code}`)).toEqual([
      'shared rand-read image-missing',
      'guest rand-read image-missing',
      'volume rand-read image-missing',
    ]);
    expect(errors[0].message).toMatch(/"vmbench-absent:1" is not present .* never pulls .*docker pull vmbench-absent:1.*leave out --image/);
    expect(imageIds()).toBe(before);
    expect(vmbenchObjects(d)).toEqual({ containers: [], volumes: [] });
  }, 120_000);

  it('detection confirms from inside the container which filesystem the shared folder really is, and never builds an image for it', async () => {
    const find = (r: DetectResult): RuntimeInfo => r.runtimes.find((x) => x.id === TARGET)!;
    const imagesBefore = imageIds();
    // vmbench's own image is not built yet: detection says nothing about the active mount and builds nothing.
    expect(find(await call<DetectResult>(engine, 'detect')).active?.mountType).toBeUndefined();
    expect(imageIds()).toBe(imagesBefore);
    const tag = benchImageTag(readFileSync(join(scriptsDir(), 'Dockerfile'), 'utf8'));
    d.docker(['tag', IMAGE, tag]);
    try {
      const rt = find(await call<DetectResult>(engine, 'detect'));
      const hostFs = execFileSync('findmnt', ['-n', '-o', 'FSTYPE', '--target', shared()], { encoding: 'utf8' }).trim();
      expect(rt.active).toMatchObject({ mountType: hostFs, sharedDir: '/vmbench/shared' });
      expect(rt.probe?.tools.fio).toMatch(/\d+\.\d+/);
      expect(vmbenchObjects(d)).toEqual({ containers: [], volumes: [] });
    } finally {
      d.docker(['rmi', tag]);
    }
  }, 120_000);
});

describe('docker transport on its own', () => {
  it('stops the script with SIGTERM to its process group; its trap removes its files', async () => {
    const t = transport();
    await t.prepare({ signal: never, image: IMAGE, log: () => undefined });
    const evs: BenchEvent[] = [];
    const ac = new AbortController();
    let abortedAt = 0;
    const exit = await t.run(script('rand-read', t.placeDir('volume')), {
      signal: ac.signal,
      timeoutMs: 120_000,
      onEvent: (e) => {
        evs.push(e);
        if (e.event === 'tool-output' && !abortedAt) {
          abortedAt = Date.now();
          setTimeout(() => ac.abort(), 1000);
        }
      },
    });
    expect(exit).toEqual({ exitCode: 143, cancelled: true, timedOut: false });
    process.stdout.write(`[docker-transport] abort to exit: ${Date.now() - abortedAt} ms\n`);
    expect(evs.filter((e) => e.event === 'error')).toEqual([
      { event: 'error', test: 'rand-read', code: 'cancelled', message: expect.stringMatching(/SIGTERM.*files were removed/) },
    ]);
    const name = `vmbench-${t.token}`;
    expect(d.docker(['exec', name, 'ls', '-A', '/vmbench/volume'])).toBe('');
    expect(
      d
        .docker(['top', name, '-o', 'pid,args'])
        .split('\n')
        .filter((l) => /fio/.test(l)),
    ).toEqual([]);
    await t.dispose();
    expect(vmbenchObjects(d)).toEqual({ containers: [], volumes: [] });
  }, 120_000);

  it('times a script out and escalates to SIGKILL when it ignores SIGTERM', async () => {
    const t = transport();
    const lines: string[] = [];
    const started = Date.now();
    // It ignores TERM, and so does the child it leaves in the background: only a KILL to the whole group ends both.
    const exit = await t.run(
      { name: 'stubborn', source: "trap '' TERM\nsleep 300 &\nwhile :; do sleep 1; done\n", args: [] },
      { signal: never, timeoutMs: 2000, onEvent: () => undefined, onStderr: (l) => lines.push(l) },
    );
    expect(d.docker(['top', `vmbench-${t.token}`, '-o', 'pid,args'])).not.toMatch(/sleep 300/);
    await t.dispose();
    expect(exit).toEqual({ exitCode: 137, cancelled: false, timedOut: true });
    process.stdout.write(`[docker-transport] time-out to exit: ${Date.now() - started} ms\n`);
    expect(lines.join('\n')).toMatch(/did not finish within 2 s[\s\S]*did not stop within 5 s of SIGTERM; sending SIGKILL/);
    expect(vmbenchObjects(d)).toEqual({ containers: [], volumes: [] });
  }, 120_000);

  it('in an image without fio (and without setsid): tool-missing for rand-read, dd fallbacks for a write and a read, cancel still works', async () => {
    const t = transport({ image: NOFIO });
    const store = new RunStore(join(root, 'nofio-store'));
    const emitted: Array<{ type: string }> = [];
    // small-files never uses fio (sh alone, tests/live/bench-scripts.test.ts), so an image without fio changes nothing for it: left out.
    const run = await executeRun({ suite: 'quick', tests: ['seq-write', 'seq-read', 'rand-read'] }, (e) => emitted.push(e), never, {
      store,
      appVersion: 'test',
      resolveTargets: async () => [
        {
          id: 'nofio',
          runtime: 'test',
          label: 'no fio',
          settings: {},
          transport: {
            places: () => ['volume'],
            placeDir: (p) => t.placeDir(p),
            run: (s, o) => t.run(s, o),
            prepare: (o) => t.prepare(o),
            dispose: () => t.dispose(),
          },
        },
      ],
    });
    // rand-read failed (no fio), the rest measured: the target and the run are partial, not completed.
    expect(run?.status).toBe('partial');
    const target = run!.targets[0];
    expect(target.status).toBe('partial');
    expect(target.probe?.tools.fio).toBeNull();
    expect(target.errors).toEqual([{ test: 'rand-read', place: 'volume', code: 'tool-missing', message: expect.stringMatching(/fio not found/) }]);
    expect(target.results.map((r) => `${r.test} ${r.tool.name}`).sort()).toEqual(['seq-read dd', 'seq-write dd']);
    expect(vmbenchObjects(d)).toEqual({ containers: [], volumes: [] });

    // Without setsid the script is signalled alone; its trap still stops dd and removes its files.
    const t2 = transport({ image: NOFIO });
    const ac = new AbortController();
    const evs: BenchEvent[] = [];
    const exit = await t2.run(script('seq-write', t2.placeDir('shared')), {
      signal: ac.signal,
      timeoutMs: 120_000,
      onEvent: (e) => (evs.push(e), e.event === 'sample' && ac.abort()),
    });
    expect(exit).toMatchObject({ exitCode: 143, cancelled: true });
    expect(evs.some((e) => e.event === 'error' && e.code === 'cancelled')).toBe(true);
    expect(workDirs(shared())).toEqual([]);
    expect(benchProcesses(d)).toEqual([]);
    await t2.dispose();
    expect(vmbenchObjects(d)).toEqual({ containers: [], volumes: [] });
  }, 300_000);

  it("builds vmbench's own image from a Dockerfile once, with progress; says exactly what is wrong when its base cannot be pulled", async () => {
    const dir = join(root, 'dockerfiles');
    mkdirSync(dir, { recursive: true });
    const good = join(dir, 'Dockerfile.good');
    const text = `FROM ${IMAGE}\nLABEL dev.vmbench.test="build"\n`;
    writeFileSync(good, text);
    const logs: string[] = [];
    const t = transport({ dockerfile: good, image: undefined });
    await t.prepare({ signal: never, log: (_l, m) => logs.push(englishOf(m)) });
    expect(t.image).toBe(benchImageTag(text));
    expect(logs.join('\n')).toMatch(
      /Building vmbench's bench image vmbench-bench:[0-9a-f]{12}[\s\S]*image build: Step 1\/2 : FROM vmbench-guest:local[\s\S]*Built vmbench-bench/,
    );
    await t.dispose();
    const again: string[] = [];
    const t2 = transport({ dockerfile: good, image: undefined });
    await t2.prepare({ signal: never, log: (_l, m) => again.push(englishOf(m)) });
    await t2.dispose();
    expect(again.join('\n')).not.toMatch(/Building/);
    d.docker(['rmi', benchImageTag(text)]);

    const bad = join(dir, 'Dockerfile.bad');
    writeFileSync(bad, 'FROM 127.0.0.1:9/vmbench-absent:1\nRUN true\n');
    const t3 = transport({ dockerfile: bad, image: undefined });
    const failed = await t3.prepare({ signal: never, log: () => undefined }).then(
      () => null,
      (e: unknown) => e,
    );
    await t3.dispose();
    expect(failed).toMatchObject({
      code: 'image-build-failed',
      message: expect.stringMatching(
        /base image "127\.0\.0\.1:9\/vmbench-absent:1" is not present in the test dockerd and could not be pulled \(.+\)\. .*--image IMAGE/,
      ),
    });
    expect(vmbenchObjects(d)).toEqual({ containers: [], volumes: [] });
  }, 300_000);

  it('cancelled at any moment while preparing, it leaves nothing behind', async () => {
    for (const ms of [0, 50, 150, 300, 600]) {
      const t = transport();
      const ac = new AbortController();
      const prepared = t.prepare({ signal: ac.signal, log: () => undefined }).then(
        () => null,
        (e: unknown) => e,
      );
      setTimeout(() => ac.abort(), ms);
      const err = await prepared;
      if (ms === 0 || err) expect(err, `abort after ${ms} ms`).toMatchObject({ code: 'cancelled' });
      await t.dispose();
      expect(vmbenchObjects(d), `abort after ${ms} ms`).toEqual({ containers: [], volumes: [] });
    }
  }, 120_000);

  it("says what it keeps busy here (set-up ahead, bench/overlap.ts): its data root's disk, the shared folder's, one core with its image there", async () => {
    const root = d.docker(['info', '--format', '{{.DockerRootDir}}']).trim();
    expect(d.docker(['info', '--format', '{{.KernelVersion}}']).trim()).toBe(release());
    const t = transport();
    const disk = await physicalDisk(root);
    expect(disk).toMatch(/^\d+:\d+$/);
    expect(await t.footprint('setup', IMAGE)).toEqual({ disks: [disk, await physicalDisk(shared())], cpus: 1 });
    expect(await t.footprint('guest')).toEqual({ disks: [disk], cpus: 0 });
    expect(await t.footprint('volume')).toEqual({ disks: [disk], cpus: 0 });
    expect(await t.footprint('shared')).toEqual({ disks: [disk, await physicalDisk(shared())], cpus: 0 });
    // vmbench's own image, not built on this daemon yet: its set-up may build it, which takes every core.
    // An unreadable Dockerfile: no footprint (the runner then takes it to touch everything).
    await expect(transport({ image: undefined, dockerfile: join(shared(), 'missing', 'Dockerfile') }).footprint('setup')).rejects.toThrow();
    const dockerfile = join(shared(), 'Dockerfile.footprint');
    mkdirSync(shared(), { recursive: true });
    writeFileSync(dockerfile, `FROM ${IMAGE}\nRUN true # ${Date.now()}\n`);
    expect((await transport({ image: undefined, dockerfile }).footprint('setup')).cpus).toBe(availableParallelism());
  }, 60_000);

  it('removes the container and volume an earlier run left behind when its process died', async () => {
    const dead = spawnSync('true').pid!;
    const labels = ['dev.vmbench=1', `dev.vmbench.host=${hostname()}`, `dev.vmbench.pid=${dead}`, 'dev.vmbench.run=old'].flatMap((l) => ['--label', l]);
    d.docker(['volume', 'create', ...labels, 'vmbench-old-dt']);
    d.docker(['create', '--network', 'none', '--name', 'vmbench-old-dt', ...labels, '-v', 'vmbench-old-dt:/x', IMAGE, 'sh']);
    const logs: string[] = [];
    const t = transport();
    await t.prepare({ signal: never, image: IMAGE, log: (_l, m) => logs.push(englishOf(m)) });
    expect(logs).toContain('Removed 1 leftover vmbench container(s) of an earlier run that did not finish.');
    expect(vmbenchObjects(d).volumes).toEqual([`vmbench-${t.token}`]);
    await t.dispose();
    expect(vmbenchObjects(d)).toEqual({ containers: [], volumes: [] });
  }, 120_000);

  it('never removes what a vmbench that still runs made; removes what a killed one made whose pid was reused', async () => {
    // Another vmbench, alive: a process of its own, named by its owner tag (pid + start time). And a killed one whose pid
    // now belongs to that same process (the tag's start time differs).
    const other = spawn('sleep', ['600'], { stdio: 'ignore' });
    try {
      const owners = { live: await ownerTagFor(other.pid!), reused: `${other.pid}.00000000` };
      for (const [name, owner] of Object.entries(owners)) {
        const labels = [
          'dev.vmbench=1',
          `dev.vmbench.host=${hostname()}`,
          `dev.vmbench.pid=${other.pid}`,
          `dev.vmbench.owner=${owner}`,
          `dev.vmbench.run=${name}`,
        ];
        const flags = labels.flatMap((l) => ['--label', l]);
        d.docker(['volume', 'create', ...flags, `vmbench-${name}-dt`]);
        d.docker(['create', '--network', 'none', '--name', `vmbench-${name}-dt`, ...flags, '-v', `vmbench-${name}-dt:/x`, IMAGE, 'sh']);
      }
      const logs: string[] = [];
      const t = transport();
      await t.prepare({ signal: never, image: IMAGE, log: (_l, m) => logs.push(englishOf(m)) });
      expect(logs).toContain('Removed 1 leftover vmbench container(s) of an earlier run that did not finish.');
      expect(vmbenchObjects(d).volumes.sort()).toEqual(['vmbench-live-dt', `vmbench-${t.token}`].sort());
      const names = d
        .docker(['ps', '-a', '--filter', 'label=dev.vmbench', '--format', '{{.Names}}'])
        .split('\n')
        .filter((n) => n.endsWith('-dt'));
      expect(names).toEqual(['vmbench-live-dt']);
      await t.dispose();
    } finally {
      other.kill('SIGKILL');
      d.docker(['rm', '-f', 'vmbench-live-dt']);
      d.docker(['volume', 'rm', '-f', 'vmbench-live-dt']);
    }
    expect(vmbenchObjects(d)).toEqual({ containers: [], volumes: [] });
  }, 120_000);

  it('after vmbench is killed (SIGKILL) mid-script, the next run stops and removes its container, volume and work folder, and says so', async () => {
    // A real `vmbench run` of its own (same docker context, same shared folder), killed with no chance to clean up
    // once its rand-read trial runs in the shared folder.
    const cli = spawn(process.execPath, [BIN, 'run', '--target', TARGET, '--image', IMAGE, '--tests', 'rand-read', '--places', 'shared'], {
      env: { ...process.env, VMBENCH_HOME: join(root, 'killed-run'), VMBENCH_SHARED_DIR: shared() },
      stdio: 'ignore',
    });
    try {
      const until = Date.now() + 240_000;
      while (Date.now() < until && !benchProcesses(d).some((p) => p.includes('--name=rand-read'))) await new Promise((r) => setTimeout(r, 500));
    } finally {
      cli.kill('SIGKILL');
    }
    await new Promise((r) => cli.once('exit', r));
    // What it left: its container (the script still running in it), its volume, the script's work folder.
    expect(benchProcesses(d).some((p) => p.includes('--name=rand-read'))).toBe(true);
    expect(vmbenchObjects(d).containers).toHaveLength(1);
    expect(workDirs(shared())).toHaveLength(1);
    const left = workDirs(shared())[0];
    // The next run's transport, before its first script.
    const logs: string[] = [];
    const t = transport();
    await t.prepare({ signal: never, image: IMAGE, log: (_l, m) => logs.push(englishOf(m)) });
    expect(logs).toContain('Removed 1 leftover vmbench container(s) of an earlier run that did not finish.');
    expect(logs).toContainEqual(
      expect.stringMatching(
        new RegExp(`^Removed 1 work folder \\([0-9,]+ [KMG]iB\\) that an earlier run left behind when it was stopped: ${left.replace(/[.]/g, '\\.')}\\.$`),
      ),
    );
    expect(benchProcesses(d)).toEqual([]);
    expect(workDirs(shared())).toEqual([]);
    expect(vmbenchObjects(d).volumes).toEqual([`vmbench-${t.token}`]);
    await t.dispose();
    expect(vmbenchObjects(d)).toEqual({ containers: [], volumes: [] });
  }, 360_000);
});
