// The command test's statistics on constructed runs: hyperfine's warnings (a cold first run, outliers: modified Z-scores
// over 14.826), the adaptive run count (at least 3, more until ±5% or the place's time cap; --runs fixes it), and the
// arguments command.sh gets in each place. No real timing: every vector here is written out.
import { describe, expect, it } from 'vitest';
import { modifiedZScores, OUTLIER_THRESHOLD, runsWarning } from '../../electron/measurement/trial-stats.js';
import { decideTrials } from '../../electron/engine/bench/adaptive.js';
import {
  COMMAND_MAX_RUNS,
  COMMAND_MIN_RUNS,
  COMMAND_TIME_CAP_SEC,
  commandArgs,
  commandTrialsPlan,
  commandWarnings,
  commandPlaces,
  needsUpload,
  projectPlaces,
  projectUnseen,
  projectUploadOnly,
  resolvePlaces,
  type ReachTarget,
} from '../../electron/engine/bench/command-step.js';
import { LibvirtAgentTransport } from '../../electron/engine/transports/libvirt/index.js';
import { DockerTransport } from '../../electron/engine/transports/docker/index.js';
import { LocalTransport } from '../../electron/engine/transports/local/index.js';
import { createShellTransport } from '../../electron/engine/transports/shell-in-vm/index.js';
import { LIMA_SHELL } from '../../electron/engine/runtimes/lima.js';
import { VAGRANT_SHELL } from '../../electron/engine/runtimes/vagrant/guest.js';
import { renderError } from '../../electron/messages/error-text.js';
import { isFailure, OUTLIER_RUNS, SLOW_FIRST_RUN } from '../../electron/contract/run-status.js';
import type { Place, TestResult } from '../../electron/contract/contract.js';

const result = (wall: number[]): TestResult => ({
  test: 'command',
  place: 'native',
  metrics: {},
  tool: { name: 'sh', version: null, method: '' },
  params: {},
  command: '',
  samples: { wall_s: wall },
});

describe("hyperfine's warnings on a command's runs", () => {
  it('scores each run by its distance from the median in median absolute deviations', () => {
    // median 3, deviations 2, 1, 0, 1, 9 -> MAD 1
    expect(modifiedZScores([1, 2, 3, 4, 12])).toEqual([-2, -1, 0, 1, 9]);
    expect(OUTLIER_THRESHOLD).toBeCloseTo(14.826, 6);
  });

  it('warns of a first run far slower than the rest: caches were cold', () => {
    const w = runsWarning([9.0, 3.01, 3.0, 3.02, 2.99]);
    expect(w).toEqual({ kind: 'slow-first', first: 9.0, median: 3.01 });
    const [e] = commandWarnings(result([9.0, 3.01, 3.0, 3.02, 2.99]));
    expect(e.code).toBe(SLOW_FIRST_RUN);
    expect(e.message).toContain('9 s');
    expect(e.message).toContain('--warmup');
    expect(isFailure(e)).toBe(false);
  });

  it('warns of outliers later in the runs, and counts them', () => {
    expect(runsWarning([3.0, 3.01, 3.02, 8.5, 2.99, 3.0])).toEqual({ kind: 'outliers', count: 1, n: 6 });
    const [e] = commandWarnings(result([3.0, 3.01, 3.02, 8.5, 2.99, 3.0]));
    expect(e.code).toBe(OUTLIER_RUNS);
    expect(e.message).toMatch(/^1 of 6 runs/);
    expect(isFailure(e)).toBe(false);
  });

  it('says nothing of runs that agree, of a spread that is only noise, or of fewer than 3 runs', () => {
    expect(runsWarning([3.0, 3.1, 2.9, 3.05])).toBeNull();
    expect(runsWarning([3.0, 3.6, 2.7, 3.3, 2.9])).toBeNull();
    expect(runsWarning([9, 3])).toBeNull();
    expect(commandWarnings(result([3.0, 3.1, 2.9]))).toEqual([]);
  });

  it('takes a fast first run for an outlier, not for cold caches', () => {
    expect(runsWarning([1.0, 3.01, 3.0, 3.02, 2.99])).toEqual({ kind: 'outliers', count: 1, n: 5 });
  });
});

describe("the command's run count", () => {
  it('is fixed by --runs, as hyperfine does', () => {
    expect(commandTrialsPlan({ runs: 7 })).toMatchObject({ minTrials: 7, maxTrials: 7 });
    expect(commandTrialsPlan({ runs: 7 }).capSec).toBeUndefined();
  });

  it('is otherwise at least 3, then one more while the interval is wider than ±5%, within the time cap', () => {
    const plan = commandTrialsPlan({});
    expect(plan).toEqual({ minTrials: COMMAND_MIN_RUNS, maxTrials: COMMAND_MAX_RUNS, targetHalfWidth: 0.05, capSec: COMMAND_TIME_CAP_SEC });
    expect(COMMAND_MIN_RUNS).toBe(3);
    expect(decideTrials([10, 10.1], plan).more).toBe(true); // under the minimum
    expect(decideTrials([10, 10.1, 9.9], plan)).toMatchObject({ more: false, stop: 'target-met' });
    expect(decideTrials([10, 14, 7], plan, 5)).toMatchObject({ more: true });
    expect(decideTrials([10, 14, 7], plan, COMMAND_TIME_CAP_SEC)).toMatchObject({ more: false, stop: 'time-cap' });
    expect(decideTrials([10, 14, 7], commandTrialsPlan({ capSec: 30 }), 31)).toMatchObject({ more: false, stop: 'time-cap' });
  });
});

describe("command.sh's arguments in a place", () => {
  const transport = {
    places: (): Place[] => ['shared', 'guest', 'volume'],
    projectIn: (place: Place, project: string) =>
      place === 'volume' ? undefined : { source: `/mnt/host/${project.split('/').pop()}`, dir: place === 'shared' ? '/mnt/host' : '/var/tmp/g' },
  };
  const spec = { command: 'npm ci', project: '/home/u/app', prepare: 'rm -rf node_modules', warmup: 2, exclude: ['node_modules'], inPlace: true };

  it('leaves out the places that cannot see the project', () => {
    expect(projectPlaces(transport, '/home/u/app')).toEqual(['shared', 'guest']);
  });

  it('passes every command as one argument, and --in-place only where the real folder is', () => {
    expect(commandArgs(spec, transport, 'shared', 3)).toEqual([
      '--dir',
      '/mnt/host',
      '--source',
      '/mnt/host/app',
      '--command',
      'npm ci',
      '--trials',
      '3',
      '--warmup',
      '2',
      '--prepare',
      'rm -rf node_modules',
      '--in-place',
      '1',
      '--exclude',
      'node_modules',
    ]);
    const guest = commandArgs(spec, transport, 'guest', 1);
    expect(guest).not.toContain('--in-place');
    expect(guest.slice(0, 4)).toEqual(['--dir', '/var/tmp/g', '--source', '/mnt/host/app']);
  });
});

describe('a target that cannot see the project is left out, with why', () => {
  const libvirt = (share: boolean) =>
    new LibvirtAgentTransport({
      uri: 'qemu:///system',
      domain: 'web',
      sharedDir: share ? '/mnt/host' : null,
      hostSharedDir: share ? '/srv/share' : undefined,
      guestDir: '/var/tmp/vmbench',
    });
  const target = (id: string, label: string, transport: ReachTarget['transport']): ReachTarget => ({ id, label, transport });
  const local = target('local', 'This machine', new LocalTransport('/tmp/scratch'));
  const underShare = target('libvirt:web', 'web', libvirt(true));
  const noShare = target('libvirt:db', 'db', libvirt(false));
  const remote = target(
    'docker:remote',
    'Docker Engine (remote)',
    new DockerTransport({ endpoint: 'tcp://build-box:2376', engine: 'Docker Engine', sharedDir: '/tmp/s' }),
  );
  // Lima mounts the home folder at its own path: a project under it is seen there, in the shared place and (copied) on the VM's disk.
  const shell = target(
    'lima:default',
    'Lima default',
    createShellTransport(LIMA_SHELL, {
      instance: 'default',
      places: { guest: '/var/tmp/vmbench', shared: '/home/u/.local/share/vmbench/scratch-shared', mountRoot: { host: '/home/u', guest: '/home/u' } },
      platform: 'linux',
    }),
  );

  // A Vagrant machine that offers its synced folder only (no guest place): nowhere to upload the project to.
  const syncedOnly = target(
    'vagrant:abc',
    'default',
    createShellTransport(VAGRANT_SHELL, {
      instance: 'abc',
      places: {
        guest: '/var/tmp/vmbench',
        shared: '/vagrant',
        sharedOnHost: false,
        hostShared: '/home/u/box',
        mountRoot: { host: '/home/u/box', guest: '/vagrant' },
        sharedOnly: true,
      },
      platform: 'linux',
    }),
  );

  it('says why of each kind of target, in both languages', () => {
    expect(projectUnseen(underShare, '/srv/share/app')).toBeUndefined();
    expect(projectUnseen(local, '/home/u/app')).toBeUndefined();
    const why = (t: Parameters<typeof projectUnseen>[0], p: string) => renderError(projectUnseen(t, p)!, 'en');
    expect(why(remote, '/home/u/app')).toMatch(/^Docker Engine \(remote\) is left out: it cannot see \/home\/u\/app, as it shares no folder/);
    expect(projectUnseen(shell, '/home/u/app')).toBeUndefined();
    expect(why(syncedOnly, '/home/u/app')).toBe(
      'default is left out: it cannot see /home/u/app, which is under none of its shared folders. Move the project under a folder it shares to time it there.',
    );
    expect(renderError(projectUnseen(syncedOnly, '/home/u/app')!, 'ja')).toBe(
      'default は除外しました：/home/u/app はどの共有フォルダーの下にもないため見えません。そこで計測するには、共有されているフォルダーの下にプロジェクトを移してください。',
    );
  });

  it('a VM whose shares do not hold the project (or that has none) is not left out: its guest disk only, in an uploaded copy', () => {
    for (const [t, project] of [
      [underShare, '/home/u/app'],
      [noShare, '/srv/share/app'],
      [shell, '/srv/app'],
    ] as const) {
      expect(projectUnseen(t, project), t.id).toBeUndefined();
      expect(projectPlaces(t.transport, project), t.id).toEqual(['guest']);
      expect(t.transport.projectIn!('guest', project), t.id).toEqual({ upload: true, dir: '/var/tmp/vmbench' });
      expect(t.transport.projectIn!('shared', project), t.id).toBeUndefined();
      expect(needsUpload(t.transport, 'guest', project), t.id).toBe(true);
    }
    // Under a share: seen there, no upload, and not "guest disk only".
    expect(needsUpload(underShare.transport, 'guest', '/srv/share/app')).toBe(false);
    expect(projectUploadOnly(underShare, '/srv/share/app')).toBeUndefined();
    expect(projectUploadOnly(local, '/home/u/app')).toBeUndefined();
    expect(renderError(projectUploadOnly(shell, '/srv/app')!, 'en')).toBe(
      "Lima default: guest disk only. /srv/app is under none of its shared folders, so a copy is uploaded into the VM and your command is timed on the VM's own disk.",
    );
    expect(renderError(projectUploadOnly(underShare, '/home/u/app')!, 'ja')).toBe(
      'web：ゲストディスクのみ。/home/u/app はどの共有フォルダーの下にもないため、コピーを VM にアップロードし、VM 自身のディスクでコマンドを計測します。',
    );
    // A transport that cannot upload (a test's stand-in without uploadProject) does not see it there: left out, as before.
    const { uploadProject: _none, ...cannot } = {
      places: () => shell.transport.places(),
      projectIn: shell.transport.projectIn!.bind(shell.transport),
      uploadProject: 1,
    };
    expect(projectPlaces(cannot, '/srv/app')).toEqual([]);
    expect(projectUnseen(target('lima:x', 'x', cannot), '/srv/app')?.key).toBe('errors.command.leftOut.notShared');
  });

  it('a Docker engine named by a context is flagged before the run once its endpoint is learnt (resolve: nothing set up), as the run does', async () => {
    const viaContext = (endpoint: string) =>
      target('docker:ctx', 'Docker Engine (ctx)', new DockerTransport({ endpoint: async () => endpoint, engine: 'Docker Engine', sharedDir: '/tmp/s' }));
    const remoteCtx = viaContext('ssh://me@build-box.example');
    const localCtx = viaContext('unix:///var/run/docker.sock');
    // Before: a context's endpoint is not known, so its bind mount looks available.
    expect(projectUnseen(remoteCtx, '/home/u/app')).toBeUndefined();
    await resolvePlaces([remoteCtx, localCtx, local], new AbortController().signal);
    expect(renderError(projectUnseen(remoteCtx, '/home/u/app')!, 'en')).toMatch(
      /^Docker Engine \(ctx\) is left out: it cannot see \/home\/u\/app, as it shares no folder/,
    );
    expect(projectPlaces(localCtx.transport, '/home/u/app')).toEqual(['shared', 'guest', 'volume']);
    // A context that cannot be resolved now leaves the answer to the run's own set-up, never an error here.
    const broken = target(
      'docker:gone',
      'gone',
      new DockerTransport({ endpoint: () => Promise.reject(new Error('no such context')), engine: 'x', sharedDir: '/tmp/s' }),
    );
    await expect(resolvePlaces([broken], new AbortController().signal)).resolves.toBeUndefined();
  });

  it("a Vagrant machine sees a project under its synced folder's host side, at the folder's guest path", () => {
    const vagrant = target(
      'vagrant:abc',
      'default',
      createShellTransport(VAGRANT_SHELL, {
        instance: 'abc',
        places: {
          guest: '/var/tmp/vmbench',
          shared: '/vagrant',
          sharedOnHost: false,
          hostShared: '/home/u/box',
          mountRoot: { host: '/home/u/box', guest: '/vagrant' },
        },
        platform: 'linux',
      }),
    );
    const t = vagrant.transport as Required<ReachTarget['transport']>;
    expect(t.projectIn('shared', '/home/u/box/src/app')).toEqual({ source: '/vagrant/src/app', dir: '/vagrant/src' });
    expect(t.projectIn('guest', '/home/u/box/src/app')).toEqual({ source: '/vagrant/src/app', dir: '/var/tmp/vmbench' });
    expect(t.projectIn('shared', '/home/u/boxes/app')).toBeUndefined();
    expect(t.projectIn('shared', '/home/u/box')).toBeUndefined();
  });

  it('the run keeps the targets that see it (a VM on its guest disk only, said in the log with the size) and leaves the others out; with none left it is refused', () => {
    const spec = { suite: 'quick' as const, command: { command: 'make', project: '/home/u/app' } };
    const logs: string[] = [];
    const reach = commandPlaces(spec, [local, underShare, shell, remote], (e) => void (e.type === 'log' && logs.push(e.message)), 3 * 1024 * 1024);
    expect(reach.placed).toEqual([
      { id: 'local', places: ['native'] },
      { id: 'libvirt:web', places: ['guest'] },
      { id: 'lima:default', places: ['shared', 'guest'] },
    ]);
    expect(logs).toEqual([
      'web: the project /home/u/app is under none of its shared folders, so only its guest disk is measured, with a copy (3 MiB) uploaded into the VM.',
    ]);
    expect(reach.leftOut.map((l) => [l.id, l.place, l.ref.key])).toEqual([['docker:remote', 'guest', 'errors.command.leftOut.noShare']]);
    expect(() => commandPlaces(spec, [remote, syncedOnly], () => undefined)).toThrow(
      /^No target can run your command: Docker Engine \(remote\) is left out: .*; default is left out: /,
    );
  });

  it("a guest place that sees the project once uploaded takes the upload's path as its source, and never runs without it", () => {
    const c = { command: 'make', project: '/srv/app', exclude: ['node_modules'] };
    expect(() => commandArgs(c, shell.transport, 'guest', 3)).toThrow(/must be uploaded into the guest place first/);
    expect(commandArgs(c, shell.transport, 'guest', 3, '/var/tmp/vmbench/.vmbench-upload-12.0-ab/project').slice(0, 4)).toEqual([
      '--dir',
      '/var/tmp/vmbench',
      '--source',
      '/var/tmp/vmbench/.vmbench-upload-12.0-ab/project',
    ]);
  });
});
