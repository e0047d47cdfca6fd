/**
 * Findings from every rule and every branch of its texts: runtimes from the replayed fixtures (some with one
 * setting edited, as the advisor tests do), and stored runs in vmbench's own format that make each weighing
 * branch speak (agree, disagree, near native, against native, current only; measured ratios; a lost inotify).
 */
import type { Finding, FindingText, Place, Run, RuntimeInfo, TestError, TestId } from '../../electron/contract/contract.js';
import { adviseRuntime, RULES } from '../../electron/engine/advisor/index.js';
import { measurementsFor } from '../../electron/engine/advisor/measurements.js';
import { rankFindings } from '../../electron/engine/advisor/rank.js';
import { parseVagrantfile } from '../../electron/engine/runtimes/vagrant/vagrantfile.js';
import { fixtureRuntimes, runtimeOf } from './advisor-fixtures.js';

const MAC = { platform: 'darwin' };

interface Res {
  runtime: string;
  test: TestId;
  place: Place;
  metrics: Record<string, number>;
  settings?: Record<string, unknown>;
  /** Per-trial values (the verdicts read them); none when only medians matter. */
  samples?: Record<string, number[]>;
  params?: Record<string, string | number | boolean>;
}

/** A stored run: one target per entry, one result each. */
function run(id: string, results: Res[], errors: TestError[] = []): Run {
  return {
    schemaVersion: 1,
    id,
    startedAt: `2026-11-2${id.length}T10:00:00Z`,
    finishedAt: '2026-11-23T10:01:00Z',
    status: 'completed',
    suite: 'quick',
    tests: [],
    app: { version: '0', platform: 'darwin', arch: 'arm64' },
    targets: results.map((r) => ({
      id: r.runtime,
      runtime: r.runtime,
      label: r.runtime,
      settings: r.settings ?? {},
      probe: null,
      errors: r.place === 'native' ? [] : errors,
      status: 'ok',
      results: [
        {
          test: r.test,
          place: r.place,
          tool: { name: 'fio', version: '3.33', method: 'fio' },
          params: r.params ?? {},
          command: 'fio',
          samples: r.samples ?? {},
          metrics: Object.fromEntries(Object.entries(r.metrics).map(([k, v]) => [k, { median: v, min: v, max: v, n: 3 }])),
        },
      ],
    })),
  };
}

const write = (runtime: string, v: number, settings?: Record<string, unknown>): Res => ({
  runtime,
  test: 'seq-write',
  place: 'shared',
  metrics: { write_MBps: v },
  settings,
});
const native = (v: number): Res => ({ runtime: 'local', test: 'seq-write', place: 'native', metrics: { write_MBps: v } });
const LOST: TestError = {
  test: 'watch',
  place: 'shared',
  code: 'inotify-not-delivered',
  message: 'inotify events not delivered: the target saw none of 3 changes made on this machine within 2000 ms each.',
};

/** The user's own command timed in one place (wall seconds of each run), as command.sh reports it. */
const wall = (runtime: string, place: Place, w: number[], command = 'npm ci'): Res => ({
  runtime,
  test: 'command',
  place,
  metrics: { wall_s: [...w].sort((a, b) => a - b)[Math.floor(w.length / 2)] },
  samples: { wall_s: w },
  params: { commandText: command },
});
/** Small-file creation rates of each trial in one place. */
const create = (runtime: string, place: Place, c: number[]): Res => ({
  runtime,
  test: 'small-files',
  place,
  metrics: { create_per_s: [...c].sort((a, b) => a - b)[1] },
  samples: { create_per_s: c },
});

/** Every scenario: a runtime and the runs the advisor weighs it against. */
export function scenarios(): { name: string; rt: RuntimeInfo; runs: Run[] }[] {
  const RT = fixtureRuntimes();
  const edit = (rt: RuntimeInfo, settings: Record<string, unknown>): RuntimeInfo => ({ ...rt, settings: { ...rt.settings, ...settings } });
  const rd = RT['rd-v10'];
  const rdQemu9p = edit(rd, { vmType: 'qemu', mountType: '9p', mount9pMsizeKiB: 128 });
  const vagrant = (provider: string, mountType: string): RuntimeInfo => {
    const facts = parseVagrantfile('Vagrant.configure("2") do |config|\n  config.vm.box = "debian"\nend\n', 'virtualbox');
    return runtimeOf(`vagrant:${provider}`, 'vagrant', {
      settings: { provider, machineHome: '/p', mountType, syncedFolders: facts.syncedFolders },
      source: { mountType: 'default' },
    });
  };
  const docker: RuntimeInfo = {
    ...RT['dd-marslo-v40'],
    id: 'docker:desktop-linux',
    targets: [{ id: 'docker:desktop-linux', label: 'Docker Desktop', places: ['shared', 'guest', 'volume'] }],
  };
  const dId = docker.id;
  return [
    { name: 'rancher VZ + reverse-sshfs, no runs', rt: rd, runs: [] },
    {
      name: 'rancher, own numbers agree',
      rt: rd,
      runs: [run('A', [write('rancher-desktop', 300, { mountType: 'reverse-sshfs' })]), run('AA', [write('rancher-desktop', 900, { mountType: 'virtiofs' })])],
    },
    {
      name: 'rancher, own numbers disagree',
      rt: rd,
      runs: [run('D', [write('rancher-desktop', 400, { mountType: 'reverse-sshfs' })]), run('DD', [write('rancher-desktop', 300, { mountType: 'virtiofs' })])],
    },
    { name: 'rancher, near native', rt: rd, runs: [run('N', [write('rancher-desktop', 1900), native(2000)])] },
    { name: 'rancher, far from native', rt: rd, runs: [run('F', [write('rancher-desktop', 150), native(2000)])] },
    { name: 'rancher QEMU + 9p, current only', rt: rdQemu9p, runs: [run('C', [write('rancher-desktop', 45)])] },
    {
      name: 'rancher QEMU + 9p, current and native',
      rt: edit(rdQemu9p, { mount9pCacheMode: 'mmap' }),
      runs: [run('CN', [write('rancher-desktop', 45), native(2000)])],
    },
    { name: 'libvirt IDE disk', rt: RT['libvirt-iothreads'], runs: [] },
    { name: 'libvirt SATA disk', rt: edit(RT['libvirt-iothreads'], { diskBus: 'sata' }), runs: [] },
    { name: 'libvirt io_uring', rt: RT['libvirt-io_uring'], runs: [] },
    {
      name: 'libvirt rtl8139, writethrough, 9p',
      rt: edit(RT['libvirt-io_uring'], { nicModel: 'rtl8139', diskCache: 'writethrough', mountType: '9p', iothreads: 1 }),
      runs: [],
    },
    { name: 'libvirt e1000e', rt: edit(RT['libvirt-io_uring'], { nicModel: 'e1000e' }), runs: [] },
    { name: 'lima alpine', rt: RT['lima-alpine'], runs: [] },
    { name: 'lima default on 9p', rt: edit(RT['lima-default'], { mountType: '9p' }), runs: [] },
    { name: 'colima template', rt: RT['colima-template'], runs: [] },
    { name: 'podman machine', rt: RT['podman-default'], runs: [] },
    { name: 'vagrant virtualbox', rt: vagrant('virtualbox', 'vboxsf'), runs: [] },
    { name: 'vagrant libvirt 9p', rt: vagrant('libvirt', '9p'), runs: [] },
    { name: 'docker desktop hyperkit + gRPC FUSE', rt: edit(RT['dd-marslo-v40'], { vmType: 'hyperkit', mountType: 'grpcfuse' }), runs: [] },
    {
      name: 'docker, the mixed layout measured',
      rt: docker,
      runs: [run('M', [{ runtime: dId, test: 'dev-tree', place: 'shared', metrics: { tree_extract_s: 9.3, mixed_extract_s: 3.5 } }])],
    },
    {
      name: 'docker, tree extract and redis',
      rt: docker,
      runs: [
        run('T', [
          { runtime: dId, test: 'dev-tree', place: 'shared', metrics: { tree_extract_s: 9.3 } },
          { runtime: dId, test: 'dev-tree', place: 'volume', metrics: { tree_extract_s: 3.1 } },
          { runtime: dId, test: 'redis', place: 'guest', metrics: { set_rps_tcp: 50000, set_rps_unix: 90000 } },
        ]),
      ],
    },
    {
      name: 'docker, small files, redis no gain',
      rt: docker,
      runs: [
        run('S', [
          { runtime: dId, test: 'small-files', place: 'shared', metrics: { create_per_s: 600 } },
          { runtime: dId, test: 'small-files', place: 'volume', metrics: { create_per_s: 5000 } },
          { runtime: dId, test: 'redis', place: 'guest', metrics: { set_rps_tcp: 50000, set_rps_unix: 51000 } },
        ]),
      ],
    },
    { name: 'docker, redis tcp only', rt: docker, runs: [run('R', [{ runtime: dId, test: 'redis', place: 'guest', metrics: { set_rps_tcp: 50000 } }])] },
    { name: 'rancher QEMU + 9p, cache mode not read', rt: edit(rdQemu9p, { mount9pCacheMode: undefined }), runs: [] },
    {
      name: 'docker, your command faster in the named volume, small files see no difference',
      rt: docker,
      runs: [
        run('YC', [
          wall(dId, 'shared', [9.41, 9.62, 9.55]),
          wall(dId, 'volume', [3.88, 3.95, 3.91]),
          create(dId, 'shared', [4210, 4390, 4305]),
          create(dId, 'volume', [4350, 4280, 4400]),
        ]),
      ],
    },
    {
      name: 'docker, your command within noise, small files say move',
      rt: docker,
      runs: [
        run('YN', [
          wall(dId, 'shared', [3.12, 3.4, 2.95]),
          wall(dId, 'volume', [3.05, 3.31, 3.18]),
          create(dId, 'shared', [610, 590, 640]),
          create(dId, 'volume', [5020, 4950, 5100]),
        ]),
      ],
    },
    {
      name: 'lima, your command faster on the guest disk',
      rt: RT['lima-default'],
      runs: [run('YG', [wall('lima:default', 'shared', [14.2, 14.9, 14.5], 'git status'), wall('lima:default', 'guest', [1.21, 1.19, 1.24], 'git status')])],
    },
    {
      name: 'vagrant, your command faster in the shared folder',
      rt: vagrant('virtualbox', 'vboxsf'),
      runs: [run('YS', [wall('vagrant:virtualbox', 'shared', [2.1, 2.05, 2.12], 'make'), wall('vagrant:virtualbox', 'guest', [3.3, 3.4, 3.35], 'make')])],
    },
    {
      name: 'podman, your command with two runs a place',
      rt: RT['podman-default'],
      runs: [run('YU', [wall('podman:podman-machine-default', 'shared', [5.1, 5.3]), wall('podman:podman-machine-default', 'guest', [4.9, 5.0])])],
    },
    {
      name: 'docker, inotify lost',
      rt: docker,
      runs: [run('W', [{ runtime: dId, test: 'watch', place: 'shared', metrics: { watch_poll_p50_ms: 42 } }], [LOST])],
    },
  ];
}

/** Every scenario's findings, ranked as detection ranks them (which fills the gain basis). */
export function scenarioFindings(): { name: string; rt: RuntimeInfo; findings: Finding[] }[] {
  return scenarios().map((s) => ({ name: s.name, rt: s.rt, findings: rankFindings(adviseRuntime(s.rt, s.runs, MAC)) }));
}

/** What every rule that applies in a scenario drafts, before its weighing replaces or extends the evidence. */
export function scenarioDrafts(): FindingText[] {
  return scenarios().flatMap((s) => {
    const m = measurementsFor(s.rt.id, s.runs);
    return RULES.filter((r) => r.applies(s.rt, m, MAC)).map((r) => r.draft(s.rt).text);
  });
}
