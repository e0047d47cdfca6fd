// A chosen VM target whose shares do not hold the project is not left out of a command run: it is offered its guest disk only,
// in a copy uploaded into the VM, and the run says so. The built CLI times a real command natively beside a Lima instance
// (limactl replays the real `limactl list --json` capture of lima-vm/lima PR 308: "default" is Running, its home folder mount
// does not hold the project); the stub limactl has no shell into a VM, so Lima's set-up then fails and says why, and the run
// goes on for This machine. The engine's command.reach (the app's check before the click) gives the same answer through a real
// `vmbench web`. (A target that cannot upload is left out as before: tests/unit/command-runs.test.ts.) Real sh and git; every
// file under this file's own mkdtemp folder.
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
const GUEST_ONLY =
  /Lima default: the project \S+ is under none of its shared folders, so only its guest disk is measured, with a copy \([\d,.]+ [KM]iB\) uploaded into the VM\./;

describe('a VM target whose shares do not hold the project', () => {
  it('is offered its guest disk only, in an uploaded copy, and the log says so; the command is timed in the others', () => {
    const out = join(root, 'run.json');
    const r = runCli(
      ['run', '--command', 'git status --porcelain', '--project', project, '--runs', '3', '--target', 'local', '--target', 'lima:default', '--json', out],
      env,
    );
    const run = JSON.parse(readFileSync(out, 'utf8')) as Run;
    const [local, lima] = run.targets;
    expect(local.id).toBe('local');
    expect(local.results.map((x) => [x.test, x.place, x.metrics.wall_s.n])).toEqual([['command', 'native', 3]]);
    expect(r.stderr + r.stdout).toMatch(GUEST_ONLY);
    // Not left out: its guest place is in the plan (the stub limactl cannot reach a VM, so its set-up fails, and says so).
    expect(r.stderr).toMatch(/timing your command in 2 places/);
    expect(lima.id).toBe('lima:default');
    expect(lima.results).toEqual([]);
    expect(lima.errors.map((e) => [e.test, e.place, e.code])).toEqual([['command', 'guest', 'target-unreachable']]);
    expect(lima.errors[0].code).not.toBe('project-unseen');
    expect(run.status).toBe('partial');
  });

  it('command.reach says the same before a run: the guest place only, and why', async () => {
    const reach = await apiCall<CommandReach>(server, 'command.reach', { project, targets: ['local', 'lima:default'] });
    expect(reach.targets.map((x) => [x.id, x.places, x.leftOut?.key, x.guestOnly?.key])).toEqual([
      ['local', ['native'], undefined, undefined],
      ['lima:default', ['guest'], undefined, 'errors.command.guestOnly'],
    ]);
    // A project under the home folder is seen in Lima's VM: in the home mount (shared) and, copied, on the VM's own disk.
    const inHome = join(root, 'home', 'src', 'app');
    mkdirSync(inHome, { recursive: true });
    const seen = await apiCall<CommandReach>(server, 'command.reach', { project: inHome, targets: ['local', 'lima:default'] });
    expect(seen.targets.map((x) => [x.id, x.places, x.leftOut?.key, x.guestOnly?.key])).toEqual([
      ['local', ['native'], undefined, undefined],
      ['lima:default', ['shared', 'guest'], undefined, undefined],
    ]);
    // A target that cannot be resolved now (not detected) gives no answer, never an error.
    expect(await apiCall<CommandReach>(server, 'command.reach', { project, targets: ['lima:nowhere'] })).toEqual({ targets: [] });
  });
});
