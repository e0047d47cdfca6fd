import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Place, Run, RuntimeInfo, TestId } from '../../electron/contract/contract.js';
import { advise, adviseRuntime } from '../../electron/engine/advisor/index.js';
import { fixtureRuntimes } from '../helpers/advisor-fixtures.js';

const RT = fixtureRuntimes();
const MAC = { platform: 'darwin' };

interface R {
  runtime: string;
  test: TestId;
  place: Place;
  metric: string;
  median: number;
  settings?: Record<string, unknown>;
}

/** A stored run with one result per entry. */
function run(id: string, startedAt: string, results: R[]): Run {
  return {
    schemaVersion: 1,
    id,
    startedAt,
    finishedAt: startedAt,
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
      errors: [],
      status: 'ok',
      results: [
        {
          test: r.test,
          place: r.place,
          metrics: { [r.metric]: { median: r.median, min: r.median, max: r.median, n: 3 } },
          tool: { name: 'fio', version: '3.33', method: 'fio' },
          params: {},
          command: 'fio',
          samples: {},
        },
      ],
    })),
  };
}

const rd = RT['rd-v10']; // VZ + reverse-sshfs
const shared = (median: number, mountType = 'reverse-sshfs'): R => ({
  runtime: 'rancher-desktop',
  test: 'seq-write',
  place: 'shared',
  metric: 'write_MBps',
  median,
  settings: { mountType },
});
const native = (median: number): R => ({ runtime: 'local', test: 'seq-write', place: 'native', metric: 'write_MBps', median });

describe("the user's own numbers win", () => {
  it('keeps the recommendation and quotes the measurement beside the published number when it agrees', () => {
    const [f] = adviseRuntime(rd, [run('R1', '2026-11-20T10:00:00Z', [shared(150), native(2000)])], MAC);
    expect(f.severity).toBe('high');
    expect(f.evidence).toContain('1,096.65 MB/s');
    expect(f.evidence).toContain('Your machine: 150 MB/s (seq-write write_MBps median, shared, rancher-desktop, run R1) = 7.5% of native 2,000 MB/s');
    expect(f.measured?.map((m) => [m.runId, m.target, m.place, m.median])).toEqual([
      ['R1', 'rancher-desktop', 'shared', 150],
      ['R1', 'local', 'native', 2000],
    ]);
  });

  it('lowers to info when the shared folder is already within 10% of native, saying why', () => {
    const [f] = adviseRuntime(rd, [run('R2', '2026-11-20T10:00:00Z', [shared(1900), native(2000)])], MAC);
    expect(f).toMatchObject({ id: 'rancher-desktop/mountType', severity: 'info', recommended: 'virtiofs' });
    expect(f.evidence).toMatch(/^Your own numbers: 1,900 MB\/s .* is already 95% of native 2,000 MB\/s .*within 10%.*buys little here/);
  });

  it('lowers to info when virtiofs measured slower than the current mount on this machine', () => {
    const runs = [run('OLD', '2026-11-19T10:00:00Z', [shared(300, 'virtiofs')]), run('NEW', '2026-11-20T10:00:00Z', [shared(400, 'reverse-sshfs')])];
    const [f] = adviseRuntime(rd, runs, MAC);
    expect(f.severity).toBe('info');
    expect(f.evidence).toContain('Your own numbers disagree: with mountType=virtiofs you measured 300 MB/s');
    expect(f.evidence).toContain('run OLD');
    expect(f.evidence).toContain('reverse-sshfs 400 MB/s');
    expect(f.evidence).toContain('not recommended');
  });

  it('uses the newest run when several measured the same place', () => {
    const runs = [run('A', '2026-11-18T00:00:00Z', [shared(1950), native(2000)]), run('B', '2026-11-21T00:00:00Z', [shared(100), native(2000)])];
    const [f] = adviseRuntime(rd, runs, MAC);
    expect(f.severity).toBe('high');
    expect(f.measured?.[0].runId).toBe('B');
  });

  it("ignores other runtimes' numbers", () => {
    const other = { ...shared(1999), runtime: 'orbstack' };
    expect(adviseRuntime(rd, [run('R', '2026-11-20T00:00:00Z', [other, native(2000)])], MAC)[0].severity).toBe('high');
  });

  it('libvirt io_uring: a measured IOPS drop with io_uring turns the finding to info', () => {
    const rt = RT['libvirt-iothreads'];
    const io = (median: number, diskIo: string): R => ({
      runtime: 'libvirt:test',
      test: 'rand-read',
      place: 'guest',
      metric: 'read_iops',
      median,
      settings: { diskIo },
    });
    const [f] = adviseRuntime(rt, [run('X', '2026-11-20T00:00:00Z', [io(9000, 'default')]), run('Y', '2026-11-21T00:00:00Z', [io(8000, 'io_uring')])], MAC);
    expect(f).toMatchObject({ id: 'libvirt:test/diskIo', severity: 'info' });
  });

  it('adds an informational redis unix-socket finding once redis was measured, with the user numbers', () => {
    const rr = (metric: string, median: number): R => ({ runtime: 'rancher-desktop', test: 'redis', place: 'guest', metric, median });
    const r = run('RR', '2026-11-20T00:00:00Z', [rr('set_rps_tcp', 50000)]);
    r.targets[0].results.push(run('x', '', [rr('set_rps_unix', 90000)]).targets[0].results[0]);
    const f = adviseRuntime(rd, [r], MAC).find((x) => x.setting === 'redisTransport');
    expect(f).toMatchObject({ id: 'rancher-desktop/redisTransport', current: 'tcp', recommended: 'unix', severity: 'info' });
    expect(f?.evidence).toContain('docker tcp 52,002 vs unix socket 90,415');
    expect(f?.evidence).toContain('x1.8');
    expect(adviseRuntime(rd, [], MAC).some((x) => x.setting === 'redisTransport')).toBe(false);
  });
});

describe('advise never throws', () => {
  const anyValue = fc.oneof(
    fc.string(),
    fc.integer(),
    fc.constant(null),
    fc.constant(undefined),
    fc.boolean(),
    fc.constantFrom(
      'qemu',
      'vz',
      '9p',
      'virtiofs',
      'reverse-sshfs',
      'sshfs',
      'grpcfuse',
      'hyperkit',
      'ide',
      'virtio',
      'rtl8139',
      'default',
      'writethrough',
      'vboxsf',
    ),
    fc.array(fc.anything(), { maxLength: 3 }),
    fc.object(),
  );
  const keys = [
    'vmType',
    'mountType',
    'diskIo',
    'diskBus',
    'diskCache',
    'nicModel',
    'iothreads',
    'disks',
    'syncedFolders',
    'settingsFile',
    'machineHome',
    'mount9pMsizeKiB',
    'mount9pCacheMode',
    'libvirtUri',
  ];
  const runtime = fc.record({
    id: fc.string(),
    kind: fc.constantFrom('docker-desktop', 'rancher-desktop', 'colima', 'lima', 'podman', 'vagrant', 'libvirt', 'local', 'orbstack', 'x'),
    settings: fc.dictionary(fc.constantFrom(...keys), anyValue),
    settingsSource: fc.dictionary(fc.constantFrom(...keys), fc.constantFrom('file', 'cli', 'default', 'guest')),
  });

  it('on arbitrary settings and runs, and every finding is well-formed', () => {
    fc.assert(
      fc.property(runtime, fc.array(fc.anything(), { maxLength: 2 }), fc.constantFrom('darwin', 'linux', 'win32'), (r, junk, platform) => {
        const rt = { name: 'n', version: null, state: 'running', targets: [], findings: [], ...r } as RuntimeInfo;
        const fs = advise([rt], junk as Run[], { platform });
        for (const f of fs) {
          expect(f.id).toBe(`${rt.id}/${f.setting}`);
          expect(['high', 'medium', 'low', 'info']).toContain(f.severity);
          expect(typeof f.evidence).toBe('string');
        }
      }),
      { numRuns: 400 },
    );
  });
});
