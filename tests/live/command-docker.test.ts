/**
 * `vmbench run --command` through the engine in a private dockerd of this file's own (network none, no bridge, the test images
 * loaded from the cache; see docker-transport.test.ts): the user's command on a generated project (a git repository of 2,000
 * files) natively and in Docker's three places: the bind mount of the project's folder (the copy beside the project, on the
 * bind mount), the container's disk and a named volume (copies made inside from the bind mount), in the image the test names.
 * Then a missing program (exit 127, `git` is not in the test image) and a command that fails in one place only: a partial run.
 * Afterwards nothing of vmbench is left in the daemon, and no scratch copy beside the project.
 */
import { mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DetectResult, JobEvent, Run } from '../../electron/contract/contract.js';
import { createEngine, type Engine } from '../../electron/engine/api.js';
import { medianRatio } from '../../electron/measurement/native-ratio.js';
import { isFailure } from '../../electron/contract/run-status.js';
import { makeGitProject } from '../helpers/git-project.js';
import { call, ofType, vmbenchObjects, workDirs } from '../helpers/docker-checks.js';
import { startDockerTestEnv, type DockerTestEnv } from '../helpers/docker-test-env.js';

const CONTEXT = 'vmbench-cmd';
const TARGET = `docker:${CONTEXT}`;
const IMAGE = 'vmbench-guest:local';
let env: DockerTestEnv | undefined;
let engine: Engine;
let project: string;
let parent: string;
const events: JobEvent[] = [];

const listing = (): string[] => readdirSync(project, { recursive: true, encoding: 'utf8' }).sort();

async function runCommand(command: string, extra: Record<string, unknown> = {}, targets = [TARGET]): Promise<{ run: Run; jobId: string }> {
  const { jobId } = await call<{ jobId: string }>(engine, 'run.start', {
    suite: 'quick',
    targets,
    image: IMAGE,
    command: { command, project, runs: 3, ...extra },
  });
  await engine.waitForJob(jobId);
  const [finished] = ofType(events, jobId, 'job-finished');
  expect(finished.runId, JSON.stringify(ofType(events, jobId, 'log'))).toBeTruthy();
  return { run: await call<Run>(engine, 'runs.get', finished.runId!), jobId };
}

beforeAll(async () => {
  env = await startDockerTestEnv('vmbench-cmd-', CONTEXT, 'command-docker', { ownDaemon: true });
  parent = join(env.root, 'work');
  project = join(parent, 'app');
  mkdirSync(project, { recursive: true });
  makeGitProject(project, 2000, 20);
  engine = createEngine({ dataDir: join(env.root, 'data'), mode: 'cli' });
  engine.subscribe((e) => events.push(e));
}, 1_900_000);

afterAll(async () => {
  await engine?.close();
  await env?.stop();
}, 120_000);

describe('your own command in Docker: bind mount, container disk, named volume', () => {
  it('times it natively and in the three places, each against native, and leaves nothing behind', async () => {
    const before = listing();
    const { run } = await runCommand('test -d .git && find . -type f | wc -l >&2 && tar -cf - . | wc -c >/dev/null', {}, ['local', TARGET]);
    expect(run.status).toBe('completed');
    const local = run.targets.find((t) => t.id === 'local')!;
    const docker = run.targets.find((t) => t.id === TARGET)!;
    expect(local.results.map((r) => r.place)).toEqual(['native']);
    expect(docker.results.map((r) => r.place).sort()).toEqual(['guest', 'shared', 'volume']);
    for (const r of [...local.results, ...docker.results]) {
      expect(r.test).toBe('command');
      expect(r.metrics.wall_s.n, r.place).toBe(3);
      expect(r.params.exitStatus).toBe(0);
      expect(typeof r.params.copySec).toBe('number');
      // The ratio to native of every Docker place comes from the one baseline (native-ratio.ts).
      if (r.place !== 'native') expect(medianRatio(run, docker, r.place, 'command', 'wall_s', r.metrics.wall_s.median)).toBeGreaterThan(0);
    }
    process.stdout.write(
      `[command] ${[...local.results, ...docker.results].map((r) => `${r.place} ${r.metrics.wall_s.median} s (copy ${r.params.copySec} s)`).join(', ')}\n`,
    );
    expect(vmbenchObjects(env!.d)).toEqual({ containers: [], volumes: [] });
    expect(workDirs(parent)).toEqual([]);
    expect(listing()).toEqual(before);

    // The advice reads this run's own numbers: the command's medians in the bind mount and the other place, with Compare's
    // verdict on them (faster, slower or cannot tell: this machine's real disks decide which, so only the wiring is asserted).
    const detected = await call<DetectResult>(engine, 'detect');
    const mine = detected.runtimes.find((r) => r.id === TARGET)?.findings.find((f) => f.setting === 'commandPlace');
    expect(mine, JSON.stringify(detected.runtimes.map((r) => [r.id, r.findings.map((f) => f.setting)]))).toBeDefined();
    const shared = docker.results.find((r) => r.place === 'shared')!.metrics.wall_s.median;
    expect(mine!.evidence).toContain('test -d .git');
    expect(mine!.evidence).toContain(`run ${run.id}`);
    expect(mine!.evidence).toMatch(/shared folder [0-9.,]+ s/);
    process.stdout.write(
      `[command] advice: ${mine!.severity} ${mine!.alreadyFine ? '(already fine)' : ''} shared ${shared} s: ${mine!.evidence.split('\n')[0]}\n`,
    );
  });

  it('says a program the image lacks was not found there, with the fix, and fails only the places where the command fails', async () => {
    const missing = await runCommand('git status');
    expect(missing.run.status).toBe('failed');
    const errs = missing.run.targets[0].errors.filter(isFailure);
    expect(errs.map((e) => e.code)).toEqual(['command-not-found', 'command-not-found', 'command-not-found']);
    expect(errs[0].message).toMatch(
      /^git was not found in .*vmbench-cmd.* \(shared folder\): install it there, or use a Docker target with an image that has it/,
    );

    // Fails in the volume only: that step fails with its status and stderr, the others measure, the run is partial.
    const { run } = await runCommand('case "$PWD" in /vmbench/volume/*) echo "no space left" >&2; exit 4;; esac; find . -type f | wc -l >/dev/null');
    expect(run.status).toBe('partial');
    const t = run.targets[0];
    expect(t.results.map((r) => r.place).sort()).toEqual(['guest', 'shared']);
    // A loaded machine may add hyperfine's notes (a cold first run, outliers) on the places that measured: not failures.
    const failures = t.errors.filter(isFailure);
    expect(failures).toEqual([expect.objectContaining({ place: 'volume', code: 'command-failed' })]);
    expect(failures[0].message).toMatch(/exited with status 4 in .* \(volume\); the end of its stderr: no space left$/);
    expect(vmbenchObjects(env!.d)).toEqual({ containers: [], volumes: [] });
    expect(workDirs(parent)).toEqual([]);
  });
});
