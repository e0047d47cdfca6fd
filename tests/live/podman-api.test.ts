/**
 * Podman's Docker-compatible API, for real: Debian's podman serves it (`podman system service`, a socket, configuration
 * and storage of this file's own: tests/helpers/podman-service.ts), and vmbench reaches it the way a user does, through
 * DOCKER_HOST. Detection names it Podman (the CLI's `vmbench detect`, in words and JSON), the quick suite's disk tests
 * run in its container and the run record names it so; a container Podman refuses to start says what Podman said,
 * without the file-sharing hint. Network rule: the containers run with network none; nothing leaves the machine.
 * Everything asserted on is this file's own (its service sees only what this file made).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Run, RuntimeInfo } from '../../electron/contract/contract.js';
import { BIN, runCli } from '../helpers/cli.js';
import { importGuestImage, installPodman, PODMAN_GUEST_IMAGE, podmanRoot, startPodmanService, type PodmanService } from '../helpers/podman-service.js';
import { NO_LIBVIRT } from './vm-order.js';

const TARGET = 'docker:default';
const QUICK_DISK_TESTS = ['seq-write', 'seq-read', 'rand-read', 'small-files'];
// One place keeps the file short: the shared folder, the bind mount of a host folder (Podman's volume and the container's own
// disk take the same path through the API).
const PLACES = ['shared'];
let dir: ReturnType<typeof podmanRoot>;
let service: PodmanService | undefined;
/** Podman's own name and version of itself, from its GET /version. */
let podmanVersion: string;

/** What vmbench sees: this file's HOME, data folder and service (DOCKER_HOST, the docker CLI's empty config), no libvirt. */
const env = (): NodeJS.ProcessEnv => ({
  ...process.env,
  HOME: join(dir.root, 'home'),
  VMBENCH_HOME: join(dir.root, 'vmbench'),
  DOCKER_HOST: service!.host,
  DOCKER_CONFIG: join(dir.root, 'home', '.docker'),
  DOCKER_CONTEXT: '',
  VMBENCH_LIBVIRT_URI: NO_LIBVIRT,
});

interface ApiVersion {
  Components?: { Name: string; Version: string }[];
}
interface ApiContainer {
  Id: string;
}

beforeAll(async () => {
  installPodman();
  dir = podmanRoot('vmbench-podman-');
  service = await startPodmanService(dir.root, 'podman');
  const started = Date.now();
  importGuestImage(service);
  process.stdout.write(`[podman-api] ${PODMAN_GUEST_IMAGE} imported in ${Date.now() - started} ms\n`);
  const v = await service.get<ApiVersion>('/version');
  podmanVersion = v.Components?.find((c) => c.Name === 'Podman Engine')?.Version ?? '';
}, 1_800_000);

afterAll(async () => {
  await service?.stop();
  await dir?.remove();
}, 120_000);

describe("Podman's Docker-compatible API (podman system service)", () => {
  it('is named Podman by `vmbench detect`: Podman Engine (default), engine podman, its version', () => {
    expect(podmanVersion).toMatch(/^\d+\.\d+/);
    // Detection's own 4 s per call, given a quiet machine's CPU (the other live stream and other work may be busy), not a
    // longer limit: the CLI and, for these two calls only, the service answering it (`podman info` runs runc and conmon)
    // run under chrt, as detect-scale does.
    const detect = (json: boolean): string => {
      execFileSync('chrt', ['--all-tasks', '--rr', '--pid', '1', String(service!.pid)]);
      try {
        const r = spawnSync('chrt', ['--rr', '1', process.execPath, BIN, 'detect', ...(json ? ['--json'] : [])], {
          env: env(),
          encoding: 'utf8',
          timeout: 120_000,
        });
        expect(r.status, r.stderr).toBe(0);
        return r.stdout;
      } finally {
        execFileSync('chrt', ['--all-tasks', '--other', '--pid', '0', String(service!.pid)]);
      }
    };
    const rt = (JSON.parse(detect(true)) as { runtimes: RuntimeInfo[] }).runtimes.find((r) => r.id === TARGET);
    expect(rt, JSON.stringify(rt?.reason)).toMatchObject({ kind: 'docker-engine', name: 'Podman Engine (default)', state: 'running', version: podmanVersion });
    expect(rt?.settings).toMatchObject({ engine: 'podman', serverVersion: podmanVersion, endpoint: service!.host });
    expect(rt?.targets.map((t) => t.label)).toEqual(['Podman Engine (default)']);
    const line = detect(false)
      .split('\n')
      .find((l) => l.startsWith(`${TARGET} `));
    expect(line).toMatch(new RegExp(`^${TARGET}\\s+Podman Engine \\(default\\)\\s+running\\s+${podmanVersion.replace(/\./g, '\\.')}\\s.*\\bengine=podman\\b`));
    expect(line).not.toMatch(/Docker|moby/);
  }, 300_000);

  it("runs the quick suite's disk tests in a Podman container, and the run record names Podman", async () => {
    const out = join(dir.root, 'run.json');
    const r = runCli(
      ['run', '--target', TARGET, '--image', PODMAN_GUEST_IMAGE, '--suite', 'quick', '--max-trials', '3', '--places', PLACES.join(','), '--json', out],
      env(),
      1_500_000,
    );
    expect(r.status, `${r.stdout}\n${r.stderr}`).toBe(0);
    // The container's announcement is a progress line (stderr).
    expect(r.stderr).toMatch(/on Podman Engine \(default\), network none/);
    const run = JSON.parse(readFileSync(out, 'utf8')) as Run;
    expect(run.tests).toEqual(QUICK_DISK_TESTS);
    const target = run.targets.find((t) => t.id === TARGET);
    expect(target).toMatchObject({ label: 'Podman Engine (default)', status: 'ok', errors: [] });
    expect(target?.settings).toMatchObject({ engine: 'podman', serverVersion: podmanVersion });
    const measured = new Set(target?.results.filter((x) => Object.keys(x.metrics).length > 0).map((x) => `${x.test}@${x.place}`));
    expect([...measured].sort()).toEqual(QUICK_DISK_TESTS.flatMap((t) => PLACES.map((p) => `${t}@${p}`)).sort());
    // Its containers and volume are gone (the service is this file's: everything on it is the run's).
    expect(await service!.get<ApiContainer[]>('/containers/json?all=true')).toEqual([]);
    expect((await service!.get<{ Volumes: unknown[] | null }>('/volumes')).Volumes ?? []).toEqual([]);
  }, 1_800_000);

  it('says what Podman said when it refuses to start the container, without the file-sharing hint', async (ctx) => {
    // Podman's default rlimits are refused where this process lacks CAP_SYS_RESOURCE (bit 24), as on the test machines;
    // with it, the container would start and there is no refusal to see.
    const capEff = BigInt(`0x${/^CapEff:\s*([0-9a-f]+)/m.exec(readFileSync('/proc/self/status', 'utf8'))?.[1] ?? '0'}`);
    if (capEff & (1n << 24n)) ctx.skip();
    await service!.stop();
    service = await startPodmanService(dir.root, 'podman', { ulimits: [] });
    const out = join(dir.root, 'refused.json');
    const r = runCli(['run', '--target', TARGET, '--image', PODMAN_GUEST_IMAGE, '--tests', 'seq-write', '--places', 'volume', '--json', out], env(), 600_000);
    expect(r.status, `${r.stdout}\n${r.stderr}`).not.toBe(0);
    const target = (JSON.parse(readFileSync(out, 'utf8')) as Run).targets.find((t) => t.id === TARGET);
    expect(target?.status).toBe('failed');
    const error = target?.errors[0];
    expect(error?.ref).toMatchObject({ key: 'errors.docker.startRefused', params: { engine: 'Podman Engine (default)', image: PODMAN_GUEST_IMAGE } });
    // The OCI runtime's own words, as Podman returned them (tests/fixtures/runtimes/container-start-errors/podman-4.3.1-runc-rlimit.txt).
    expect(error?.ref?.params?.error).toMatch(/rlimit.*operation not permitted: OCI permission denied$/i);
    expect(error?.message).toMatch(/^Podman Engine \(default\) could not start the bench container from localhost\/vmbench-guest:local\. The engine said: /);
    expect(`${error?.message}\n${r.stdout}\n${r.stderr}`).not.toMatch(/File sharing|VMBENCH_SHARED_DIR/);
    expect(await service.get<ApiContainer[]>('/containers/json?all=true')).toEqual([]);
  }, 900_000);
});
