import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Finding, Run } from '../../electron/contract/contract.js';
import { RunStore } from '../../electron/engine/store/run-store.js';
import { makeStubEnv, captured, type StubEnv } from '../helpers/runtimes-stubs.js';
import { runCli } from '../helpers/cli.js';
import { makeRun, result } from '../helpers/make-run.js';

const MAC = process.platform === 'darwin';

describe('vmbench advise (built bundle, replayed limactl and a Rancher Desktop settings.json)', () => {
  let stub: StubEnv;
  const cli = (args: string[]): { status: number | null; stdout: string; stderr: string } => {
    return runCli(args, { ...stub.env, VMBENCH_HOME: join(stub.root, 'data') }, 120_000);
  };
  beforeAll(() => {
    stub = makeStubEnv(
      { limactl: [{ args: '"list --json"', stdout: captured('lima/list-json.lima-pr308-2021.ndjson') }] },
      { '.config/rancher-desktop/settings.json': captured('rancher-desktop/rdctl-list-settings.v10-macos.json') },
    );
  }, 300_000);
  afterAll(() => stub?.cleanup());

  it('--json lists every finding with ids, values and how to apply', () => {
    const r = cli(['advise', '--json']);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const { findings } = JSON.parse(r.stdout) as { findings: Finding[] };
    const brief = findings.map((f) => [f.id, f.current, f.recommended, f.severity]);
    // VZ and Rancher Desktop's virtiofs exist only on macOS hosts; Lima's virtiofs also on Linux.
    const macOnly = MAC
      ? [
          ['rancher-desktop/mountType', 'reverse-sshfs', 'virtiofs', 'high'],
          ['lima:alpine/vmType', 'qemu', 'vz', 'high'],
          ['lima:default/vmType', 'qemu', 'vz', 'high'],
        ]
      : [];
    expect(brief.sort()).toEqual(
      [['lima:alpine/mountType', 'reverse-sshfs', 'virtiofs', 'medium'], ['lima:default/mountType', 'reverse-sshfs', 'virtiofs', 'medium'], ...macOnly].sort(),
    );
    expect(findings.find((f) => f.id === 'lima:default/mountType')?.apply).toEqual({
      kind: 'command',
      argv: ['limactl', 'edit', 'default', '--set', '.mountType = "virtiofs"'],
    });
    expect(findings.find((f) => f.id === 'lima:default/mountType')?.evidence).toContain('Colima virtiofs 36 s vs sshfs 89 s');
  });

  it('prints a table in rank order: rank, id, current → recommended, expected gain, severity, one-line evidence', () => {
    const r = cli(['advise']);
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(
      /\n\d+\s+lima:default\/mountType\s+reverse-sshfs → virtiofs\s+×3\.09 \(published\)\s+medium\s+ddev Drupal install \(M1, Dec 2022\)/,
    );
    const ranks = [...r.stdout.matchAll(/^(\d+)\s+\S+\//gm)].map((m) => Number(m[1]));
    expect(ranks).toEqual(ranks.map((_, i) => i + 1));
    expect(r.stdout).toContain('lima:alpine/mountType');
  });

  it('detect --json carries the same findings inside each runtime', () => {
    const r = cli(['detect', '--json']);
    const { runtimes } = JSON.parse(r.stdout) as { runtimes: { id: string; findings: Finding[] }[] };
    expect(runtimes.find((x) => x.id === 'rancher-desktop')?.findings.map((f) => f.id)).toEqual(MAC ? ['rancher-desktop/mountType'] : []);
    expect(runtimes.find((x) => x.id === 'lima:default')?.findings.map((f) => f.id)).toEqual(
      MAC ? ['lima:default/vmType', 'lima:default/mountType'] : ['lima:default/mountType'],
    );
  });

  it("a stored run where the shared folder is within 10% of native turns the finding to info (the user's numbers win)", async () => {
    const result = (median: number, place: 'shared' | 'native') => ({
      test: 'seq-write' as const,
      place,
      metrics: { write_MBps: { median, min: median, max: median, n: 3 } },
      tool: { name: 'fio', version: '3.33', method: 'fio' },
      params: {},
      command: 'fio',
      samples: { write_MBps: [median] },
    });
    const target = (id: string, median: number, place: 'shared' | 'native') => ({
      id,
      runtime: id,
      label: id,
      settings: {},
      probe: null,
      results: [result(median, place)],
      errors: [],
      status: 'ok' as const,
    });
    const run: Run = {
      schemaVersion: 1,
      id: '2026-11-21T10-00-00-lima-default',
      startedAt: '2026-11-21T10:00:00.000Z',
      finishedAt: '2026-11-21T10:01:00.000Z',
      status: 'completed',
      suite: 'quick',
      tests: ['seq-write'],
      app: { version: '0.1.0', platform: 'darwin', arch: 'arm64' },
      targets: [target('local', 2000, 'native'), target('lima:default', 1950, 'shared')],
    };
    await new RunStore(join(stub.root, 'data')).save(run);
    const { findings } = JSON.parse(cli(['advise', '--json']).stdout) as { findings: Finding[] };
    const f = findings.find((x) => x.id === 'lima:default/mountType');
    expect(f?.severity).toBe('info');
    expect(f?.evidence).toContain('within 10%');
    expect(f?.measured?.map((m) => [m.runId, m.median])).toEqual([
      [run.id, 1950],
      [run.id, 2000],
    ]);
  });

  it("a stored run of the user's own command: its verdict between the shared folder and the guest disk, with the interval, in English and Japanese", async () => {
    const cmd = (place: 'native' | 'shared' | 'guest', wall: number[]) => ({
      ...result('command', place, { wall_s: wall, user_s: wall.map(() => 0.05), sys_s: wall.map(() => 0.11) }),
      tool: { name: 'sh', version: null, method: 'sh -c, scratch copy' },
      params: { trials: wall.length, warmup: 1, inPlace: false, exitStatus: 0, commandText: 'git status' },
      command: "sh -c 'git status'",
    });
    const base = makeRun('2026-11-22T10-00-00-command', '2026-11-22T10:00:00.000Z', [cmd('native', [0.17, 0.16, 0.18])]);
    const run: Run = {
      ...base,
      tests: ['command'],
      command: { command: 'git status', project: join(stub.root, 'myapp') },
      targets: [
        ...base.targets,
        {
          id: 'lima:default',
          runtime: 'lima:default',
          label: 'Lima (default)',
          settings: {},
          probe: null,
          results: [cmd('shared', [2.41, 2.52, 2.47]), cmd('guest', [0.21, 0.2, 0.22])],
          errors: [],
          status: 'ok',
        },
      ],
    };
    await new RunStore(join(stub.root, 'data')).save(run);
    const { findings } = JSON.parse(cli(['advise', '--json']).stdout) as { findings: Finding[] };
    const f = findings.find((x) => x.id === 'lima:default/commandPlace');
    expect(f).toMatchObject({ current: 'shared folder', recommended: 'guest disk', severity: 'high', gainSource: 'measured', alreadyFine: false });
    expect(f?.evidence).toMatch(
      /^Your command `git status` \(run 2026-11-22T10-00-00-command, 3 timed runs in each place\): shared folder 2\.47 s, guest disk 0\.21 s \(medians\); the guest disk is 11\.\d× as fast \[\d+\.?\d*–\d+\.?\d*, 95% interval\]/,
    );
    expect(f?.apply?.kind === 'steps' && f.apply.steps.join('\n')).toContain('mountType virtiofs');
    const ja = cli(['advise', '--lang', 'ja']);
    expect(ja.status).toBe(0);
    expect(ja.stdout).toMatch(
      /lima:default\/commandPlace\s+shared folder → guest disk\s+.*あなたのコマンド `git status`（実行 2026-11-22T10-00-00-command、各場所 3 回計測）/,
    );
  });

  it('apply is still not part of this version; advise takes no arguments', () => {
    expect(cli(['apply', 'x/y']).status).toBe(1);
    expect(cli(['advise', 'extra']).status).toBe(2);
  });
});
