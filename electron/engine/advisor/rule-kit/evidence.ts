import type { EvidenceRow, MsgRef } from '../../../contract/contract.js';
import { msg } from '../../../messages/finding-text.js';
import { translator } from '../../../messages/i18n.js';

/**
 * Published numbers the rules quote, with source and conditions (docs/evidence.md). The text of each
 * is the advice catalogue's `evidence.<key>` (English and Japanese); EVIDENCE_ROWS names the rows of
 * its Evidence table (`row.<id>.*`). Dates the sources do not state are marked so there.
 */
export const EVIDENCE_ROWS = {
  vzVirtiofs: ['seed000Write'],
  ninep: ['seed000Ninep'],
  ddev: ['ddev'],
  npmInstall: ['npmInstall'],
  virtiofsCounter: ['forMac6667', 'roadmap7'],
  vagrant: ['seed001'],
  ioUring: ['seed004'],
  nic: ['seed003'],
  diskBusSata: ['diskBusSata'],
  diskBusIde: ['diskBusIde'],
  redis: ['seed002'],
} as const satisfies Record<string, readonly string[]>;

/** One published measurement (a key of EVIDENCE_ROWS). */
export type EvidenceKey = keyof typeof EVIDENCE_ROWS;

/**
 * A change a published measurement measured, and its gain on the metric a finding about it is about
 * (recommended ÷ current). `from` (the current value) and `to` (the recommended one) narrow it; left out,
 * any value. `basis` is the advice catalogue's key of what was measured (gain.*).
 */
export interface PublishedGain {
  setting: string;
  from?: string;
  to?: string;
  gain: number;
  basis: string;
}

/**
 * The gains each published measurement gives, beside its numbers: a finding's published gain is the one
 * the evidence it quotes gives for its change (rank.ts), so a rule's gain comes from the evidence it cites
 * and nowhere else. Numbers: docs/evidence.md.
 */
export const EVIDENCE_GAINS: Partial<Record<EvidenceKey, readonly PublishedGain[]>> = {
  // killinsun (Zenn), Rancher Desktop shared-folder writes: QEMU + reverse-sshfs 156.01 MB/s, VZ + reverse-sshfs 354.48, VZ + virtiofs 1096.65 (VZ is what makes virtiofs possible).
  vzVirtiofs: [
    { setting: 'vmType', from: 'qemu', to: 'vz', gain: 1096.65 / 156.01, basis: 'gain.qemuToVz' },
    { setting: 'mountType', from: 'reverse-sshfs', to: 'virtiofs', gain: 1096.65 / 354.48, basis: 'gain.reverseSshfs' },
    { setting: 'mountType', from: 'sshfs', to: 'virtiofs', gain: 1096.65 / 354.48, basis: 'gain.reverseSshfs' },
  ],
  // The same article: QEMU + 9p 45.11 MB/s (msize 128 KiB), 46.21 (msize 512 KiB), VZ + virtiofs 1096.65.
  ninep: [
    { setting: 'mountType', from: '9p', to: 'virtiofs', gain: 1096.65 / 45.11, basis: 'gain.ninep' },
    { setting: 'mount9pMsizeKiB', gain: 46.21 / 45.11, basis: 'gain.msize' },
  ],
  // si1230.com, a KVM guest's 4k random reads: io default 8213 IOPS, io_uring 9425.
  ioUring: [{ setting: 'diskIo', to: 'io_uring', gain: 9425 / 8213, basis: 'gain.ioUring' }],
  // d.ballade.jp, virtual NIC models under iperf: rtl8139 58.3 Mbit/s, e1000 394, paravirtual 432.
  nic: [
    { setting: 'nicModel', from: 'rtl8139', to: 'virtio', gain: 432 / 58.3, basis: 'gain.nic' },
    { setting: 'nicModel', from: 'e1000', to: 'virtio', gain: 432 / 394, basis: 'gain.nic' },
    { setting: 'nicModel', from: 'e1000e', to: 'virtio', gain: 432 / 394, basis: 'gain.nicE1000e' },
  ],
  // netzzer on cloud-bulldozer/benchmark-operator#396, a KubeVirt VM's fio 4 KiB random reads: SATA 20,632 IOPS, virtio 120,883.
  diskBusSata: [{ setting: 'diskBus', from: 'sata', to: 'virtio', gain: 120883 / 20632, basis: 'gain.diskBusSata' }],
  // Proxmox VE's admin guide: virtio instead of emulated IDE "will double the sequential write throughput, as measured with bonnie++" (a factor, no figures).
  diskBusIde: [{ setting: 'diskBus', from: 'ide', to: 'virtio', gain: 2, basis: 'gain.diskBusIde' }],
  // ksato9700 (Qiita), redis-benchmark SET in Docker for Mac: tcp 52002 requests/s, unix socket 90415.
  redis: [{ setting: 'redisTransport', to: 'unix', gain: 90415 / 52002, basis: 'gain.redis' }],
};

/** The sentence of a published measurement, as a message. */
export function ev(key: EvidenceKey): MsgRef {
  return msg(`evidence.${key}`);
}

/** One row of the Evidence table in English, with its catalogue id. */
export function evidenceRow(id: string): EvidenceRow {
  const t = translator('en');
  const cell = (field: string): string => t(`row.${id}.${field}`, { ns: 'advice' });
  return { source: cell('source'), date: cell('date'), machine: cell('machine'), numbers: cell('numbers'), ref: id };
}

/** The published measurements the messages of a finding quote (a rule may quote several, also inside another message), in EVIDENCE_ROWS' order. */
export function evidenceKeysOf(parts: readonly MsgRef[]): EvidenceKey[] {
  const keys = new Set<string>();
  const walk = (r: MsgRef): void => {
    if (r.key.startsWith('evidence.')) keys.add(r.key.slice('evidence.'.length));
    for (const v of Object.values(r.params ?? {})) if (typeof v === 'object') walk(v);
  };
  parts.forEach(walk);
  return (Object.keys(EVIDENCE_ROWS) as EvidenceKey[]).filter((k) => keys.has(k));
}

/** The evidence rows the messages of a finding cite. */
export function evidenceRowsFor(parts: readonly MsgRef[]): EvidenceRow[] {
  return evidenceKeysOf(parts).flatMap((k) => EVIDENCE_ROWS[k].map(evidenceRow));
}
