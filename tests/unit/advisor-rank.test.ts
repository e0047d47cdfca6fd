import { describe, expect, it } from 'vitest';
import type { Finding, Run } from '../../electron/contract/contract.js';
import { adviseRuntime, advise } from '../../electron/engine/advisor/index.js';
import { measuredGain, publishedGain, rankFindings } from '../../electron/engine/advisor/rank.js';
import { gainText, oneLine } from '../../electron/cli/advise.js';
import { ev, type EvidenceKey } from '../../electron/engine/advisor/rule-kit/evidence.js';
import { msg } from '../../electron/messages/finding-text.js';
import { translator } from '../../electron/messages/i18n.js';
import { fixtureRuntimes } from '../helpers/advisor-fixtures.js';

const MAC = { platform: 'darwin' };

function run(id: string, shared: number, native: number): Run {
  const res = (place: 'shared' | 'native', median: number) => ({
    test: 'seq-write' as const,
    place,
    metrics: { write_MBps: { median, min: median, max: median, n: 3 } },
    tool: { name: 'fio', version: '3.33', method: 'fio' },
    params: {},
    command: 'fio',
    samples: { write_MBps: [median, median, median] },
  });
  return {
    schemaVersion: 1,
    id,
    startedAt: '2026-11-20T10:00:00Z',
    finishedAt: '2026-11-20T10:01:00Z',
    status: 'completed',
    suite: 'quick',
    tests: ['seq-write'],
    app: { version: '0', platform: 'darwin', arch: 'arm64' },
    targets: [
      {
        id: 'rancher-desktop',
        runtime: 'rancher-desktop',
        label: 'Rancher Desktop',
        settings: { mountType: 'reverse-sshfs' },
        probe: null,
        results: [res('shared', shared)],
        errors: [],
        status: 'ok',
      },
      { id: 'local', runtime: 'local', label: 'This machine', settings: {}, probe: null, results: [res('native', native)], errors: [], status: 'ok' },
    ],
  };
}

describe('ranking findings by expected gain', () => {
  it('uses the published gain of the articles when nothing is measured, then severity', () => {
    const quoting = (...keys: EvidenceKey[]) => ({ evidence: keys.map(ev) });
    expect(publishedGain({ setting: 'vmType', current: 'qemu', recommended: 'vz', text: quoting('vzVirtiofs') })).toBeCloseTo(1096.65 / 156.01, 6);
    expect(publishedGain({ setting: 'diskIo', current: 'default', recommended: 'io_uring', text: quoting('ioUring') })).toBeCloseTo(9425 / 8213, 6);
    expect(publishedGain({ setting: 'diskCache', current: 'writeback', recommended: 'none', text: quoting('ioUring') })).toBeNull();
    // The gain is the quoted evidence's: the same change quoting nothing, or other evidence, has none.
    expect(publishedGain({ setting: 'vmType', current: 'qemu', recommended: 'vz' })).toBeNull();
    expect(publishedGain({ setting: 'diskIo', current: 'default', recommended: 'io_uring', text: quoting('nic') })).toBeNull();
    // Quoted inside another message counts (libvirt iothreads quotes io_uring in its sentence, for another setting: no gain).
    expect(
      publishedGain({
        setting: 'diskIo',
        current: 'threads',
        recommended: 'io_uring',
        text: { evidence: [msg('rule.libvirtIothreads.evidence', { ioUring: ev('ioUring') })] },
      }),
    ).toBeCloseTo(9425 / 8213, 6);
    expect(
      publishedGain({
        setting: 'iothreads',
        current: 0,
        recommended: 1,
        text: { evidence: [msg('rule.libvirtIothreads.evidence', { ioUring: ev('ioUring') })] },
      }),
    ).toBeNull();
    // The exact change first, then any current value, then any value.
    expect(publishedGain({ setting: 'nicModel', current: 'e1000e', recommended: 'virtio', text: quoting('nic') })).toBeCloseTo(432 / 394, 6);
    expect(publishedGain({ setting: 'nicModel', current: 'ne2k_pci', recommended: 'virtio', text: quoting('nic') })).toBeNull();
    expect(publishedGain({ setting: 'mount9pMsizeKiB', current: 128, recommended: 512, text: quoting('ninep') })).toBeCloseTo(46.21 / 45.11, 6);
    const rts = fixtureRuntimes();
    const ranked = rankFindings(advise([rts['rd-v4'], rts['libvirt-iothreads']], [], MAC));
    expect(ranked.map((f) => f.rank)).toEqual(ranked.map((_, i) => i + 1));
    const gains = ranked.map((f) => f.gain ?? 1);
    expect([...gains].sort((a, b) => b - a)).toEqual(gains);
    expect(ranked[0]).toMatchObject({
      gainSource: 'published',
      gainBasis: expect.stringMatching(/^killinsun on Zenn, shared-folder writes, /),
      alreadyFine: false,
    });
  });

  it('the disk-bus finding quotes disk-bus measurements, with the gain of its own bus, and ranks above the medium io_uring one', () => {
    const ide = fixtureRuntimes()['libvirt-iothreads'];
    const sata = { ...ide, settings: { ...ide.settings, diskBus: 'sata' } };
    const usb = { ...ide, settings: { ...ide.settings, diskBus: 'usb' } };
    const bus = (rt: typeof ide): Finding => rankFindings(advise([rt], [], MAC)).find((f) => f.setting === 'diskBus')!;
    for (const rt of [ide, sata, usb]) {
      const f = bus(rt);
      // Evidence about disks, not NICs: no iperf, no Mbit/s, no Windows XP Xen guest.
      expect(f.evidence).not.toMatch(/iperf|Mbit\/s|NIC|Windows XP/);
      expect(f.evidence).toContain('4 KiB random reads 120,883 IOPS on virtio vs 20,632 IOPS on SATA');
      expect(f.evidence).toContain('will double the sequential write throughput, as measured with bonnie++');
      expect(f.evidenceTable?.map((r) => r.ref)).toEqual(['diskBusSata', 'diskBusIde']);
    }
    // IDE (the replayed domain's bus): Proxmox's factor; SATA: the measured IOPS; USB, which neither measured: no figure.
    expect(bus(ide)).toMatchObject({ gain: 2, gainSource: 'published', gainBasis: expect.stringMatching(/^Proxmox VE admin guide/) });
    expect(bus(sata).gain).toBeCloseTo(120883 / 20632, 6);
    expect(bus(sata).gainBasis).toMatch(/4 KiB random-read IOPS, SATA → virtio$/);
    expect(bus(usb)).toMatchObject({ gain: null, gainSource: null });
    // High with a published gain above medium io_uring's 1.15×: first, not second.
    for (const rt of [ide, sata]) {
      expect(rankFindings(advise([rt], [], MAC)).map((f) => [f.setting, f.severity, f.rank])).toEqual([
        ['diskBus', 'high', 1],
        ['diskIo', 'medium', 2],
      ]);
    }
  });

  it("puts the user's own number first: a shared folder at 7.5% of native is a 13× gain, ranked above published ones", () => {
    const rts = fixtureRuntimes();
    const rd = adviseRuntime(rts['rd-v10'], [run('R1', 150, 2000)], MAC);
    const mount = rd.find((f) => f.setting === 'mountType')!;
    expect(measuredGain(mount)).toBeCloseTo(2000 / 150, 6);
    const ranked = rankFindings([...advise([rts['libvirt-iothreads']], [], MAC), ...rd]);
    expect(ranked[0]).toMatchObject({ id: 'rancher-desktop/mountType', rank: 1, gainSource: 'measured' });
    expect(gainText(ranked[0])).toBe('×13.3 (yours)');
  });

  it('lists findings the user’s numbers contradict last, marked already fine', () => {
    const rts = fixtureRuntimes();
    const fine = adviseRuntime(rts['rd-v10'], [run('R2', 1900, 2000)], MAC);
    const ranked = rankFindings([...fine, ...advise([rts['libvirt-iothreads']], [], MAC)]);
    const last = ranked[ranked.length - 1] as Finding;
    expect(last).toMatchObject({ id: 'rancher-desktop/mountType', alreadyFine: true, severity: 'info' });
    expect(gainText(last)).toBe('already fine (yours)');
  });
});

describe('vmbench advise: one line of evidence', () => {
  it('keeps a short first sentence whole, and a cut one ends with its source in either language', () => {
    expect(oneLine('Short (a, 2020: x). Next one.')).toBe('Short (a, 2020: x).');
    const en = translator('en')('evidence.nic', { ns: 'advice' });
    expect(oneLine(en, 60)).toMatch(/^Virtual NIC model .*… \(d\.ballade\.jp, 2010\)$/);
    expect(oneLine(en, 60).length).toBeLessThanOrEqual(60);
    const ja = translator('ja')('evidence.vzVirtiofs', { ns: 'advice' });
    expect(oneLine(ja, 80)).toMatch(/… \(killinsun、Zenn、2023 年以降\)$/);
    expect(oneLine('npm install on a bind mount (paolomainardi, M4 Pro, Jan 2025): Docker VMM 8.47 s, Docker Desktop VZ 9.53 s, Lima 8.99 s.', 60)).toMatch(
      /… \(paolomainardi\)$/,
    );
  });
});
