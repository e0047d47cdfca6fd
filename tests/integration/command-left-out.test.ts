// A chosen target that cannot see the project is left out of a command run, and the run goes on for the others: the built CLI
// times a real command natively while a Lima instance (limactl replays the real `limactl list --json` capture of lima-vm/lima
// PR 308: "default" is Running) is left out, with why, in its progress, its summary, the stored run and the run's status; only
// when no target is left is the run refused. The engine's command.reach (the app's check before the click) gives the same
// answer through a real `vmbench web`. Real sh and git; every file under this file's own mkdtemp folder.
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommandReach, Run } from '../../electron/contract/contract.js';
import { runCli } from '../helpers/cli.js';
import { hostOnlyEnv } from '../helpers/host-only-env.js';
import { makeGitProject } from '../helpers/git-project.js';
import { captured, makeStubEnv, type StubEnv } from '../helpers/runtimes-stubs.js';
import { apiCall, closeAll, startServer, type WebServer } from '../helpers/e2e-harness.js';

let root: string;
let project: string;
let stub: StubEnv;
let env: NodeJS.ProcessEnv;
let server: WebServer;
let home: string;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'vmbench-left-out-'));
  project = join(root, 'app');
  mkdirSync(project);
  makeGitProject(project, 50);
  stub = makeStubEnv({ limactl: [{ args: '"list --json"', stdout: captured('lima/list-json.lima-pr308-2021.ndjson') }] });
  home = join(root, 'home');
  mkdirSync(home);
  // The stub limactl first on PATH, then the machine's own tools (sh, git) for the native runs.
  env = { ...process.env, ...hostOnlyEnv(home), PATH: `${stub.bin}:${process.env.PATH}`, VMBENCH_HOME: join(root, 'data'), LANG: 'C.UTF-8' };
  server = await startServer({ env: { PATH: env.PATH, HOME: home } });
}, 120_000);

afterAll(async () => {
  await closeAll(server, stub);
  rmSync(root, { recursive: true, force: true });
});

// Lima mounts the home folder at its own path; the project is outside it.
const LEFT_OUT = 'Lima default is left out: it cannot see ';

describe('a target that cannot see the project', () => {
  it('is left out with why, and the command is timed in the others', () => {
    const out = join(root, 'run.json');
    const r = runCli(
      ['run', '--command', 'git status --porcelain', '--project', project, '--runs', '3', '--target', 'local', '--target', 'lima:default', '--json', out],
      env,
    );
    const run = JSON.parse(readFileSync(out, 'utf8')) as Run;
    const [local, lima] = run.targets;
    expect(local.id).toBe('local');
    expect(local.results.map((x) => [x.test, x.place, x.metrics.wall_s.n])).toEqual([['command', 'native', 3]]);
    expect(lima.id).toBe('lima:default');
    expect(lima.results).toEqual([]);
    expect(lima.errors).toHaveLength(1);
    expect(lima.errors[0]).toMatchObject({ test: 'command', code: 'project-unseen', ref: { key: 'errors.command.leftOut.notShared' } });
    expect(lima.errors[0].message).toContain(LEFT_OUT);
    // Not everything asked for was measured: partial, and the status says which target was left out and why.
    expect(run.status).toBe('partial');
    expect(r.status).toBe(3);
    expect(r.stderr + r.stdout).toContain(LEFT_OUT);
    expect(r.stderr + r.stdout).toContain(`Finished in the other targets. ${LEFT_OUT}`);
    expect(r.stderr).toMatch(/timing your command in 1 place/);
  });

  it('refuses the run when no target is left, saying why', () => {
    const r = runCli(['run', '--command', 'true', '--project', project, '--target', 'lima:default'], env);
    expect(r.status).not.toBe(0);
    expect(r.stderr).toContain(`No target can run your command: ${LEFT_OUT}`);
  });

  it('command.reach says the same before a run: the places of the targets that see the project, why the others would be left out', async () => {
    const reach = await apiCall<CommandReach>(server, 'command.reach', { project, targets: ['local', 'lima:default'] });
    expect(reach.targets.map((x) => [x.id, x.places, x.leftOut?.key])).toEqual([
      ['local', ['native'], undefined],
      ['lima:default', [], 'errors.command.leftOut.notShared'],
    ]);
    // A project under the home folder is seen in Lima's VM: in the home mount (shared) and, copied, on the VM's own disk.
    const inHome = join(root, 'home', 'src', 'app');
    mkdirSync(inHome, { recursive: true });
    const seen = await apiCall<CommandReach>(server, 'command.reach', { project: inHome, targets: ['local', 'lima:default'] });
    expect(seen.targets.map((x) => [x.id, x.places, x.leftOut?.key])).toEqual([
      ['local', ['native'], undefined],
      ['lima:default', ['shared', 'guest'], undefined],
    ]);
    // A target that cannot be resolved now (not detected) gives no answer, never an error.
    expect(await apiCall<CommandReach>(server, 'command.reach', { project, targets: ['lima:nowhere'] })).toEqual({ targets: [] });
  });
});
