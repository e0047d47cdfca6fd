import type { EvidenceRow } from '../../contract.js';

/** Published numbers the rules quote, with source and conditions (shared/evidence.md). */
export const EVIDENCE = {
  vzVirtiofs:
    'Rancher Desktop VZ + virtiofs 1096.65 MB/s vs QEMU + reverse-sshfs 156.01 MB/s (Rancher default), VZ + reverse-sshfs 354.48 MB/s, Docker Desktop VZ + virtiofs 1242.61 MB/s, native 4321.94 MB/s (seed 000: Apple M2 MacBook Air 24 GB, macOS Sonoma, shared-folder write, 5 x 100 MB buffered writes without fsync, mean).',
  ninep:
    'Rancher Desktop QEMU + 9p 45.11 MB/s at msize 128 KiB and 46.21 MB/s at msize 512 KiB vs VZ + virtiofs 1096.65 MB/s (seed 000: Apple M2 MacBook Air, 5 x 100 MB buffered writes): raising msize does not help; the mount type does.',
  ddev: 'ddev Drupal install (M1, Dec 2022): Docker Desktop virtiofs 63 s vs gRPC FUSE 102 s; Colima virtiofs 36 s vs sshfs 89 s vs 9p 150 s.',
  npmInstall:
    'npm install on a bind mount (paolomainardi, M4 Pro, Jan 2025): Docker VMM 8.47 s, Docker Desktop VZ 9.53 s, Lima 8.99 s, OrbStack 4.22 s, native 3.4 s.',
  virtiofsCounter:
    'virtiofs is not always faster: docker/for-mac#6667 (Laravel 0.8 s virtiofs vs 0.07 s gRPC FUSE, Intel Mac), docker/roadmap#7 (git status 6.73 min virtiofs vs 44 s gRPC FUSE) — measure before and after.',
  vagrant:
    "Vagrant synced folders (seed 001: PHP 7.0 Yii 2 app, nginx + php-fpm, 2 vCPU, 1.5 GB, wrk): VMware's default shared folder served a static CSS file at about 30 requests/s; NFS synced folders brought VirtualBox and VMware close to Parallels (rsync suits read-mostly trees).",
  ioUring:
    "QEMU io='io_uring' 9425 IOPS vs default 8213 IOPS (+14.7%), p50 2933 us vs 3490 us, p95 8717 us vs 9503 us, at +10.4 pt host sys CPU (seed 004: KVM guest, qcow2 on virtio, fio randread bs=4k iodepth=32 libaio direct=1, 60 s).",
  nic: 'Virtual NIC model (seed 003: Xen/QEMU device models, Windows XP guest, iperf -w 4M, 1 vCPU): rtl8139 58.3 Mbit/s, e1000 394 Mbit/s, paravirtual 432 Mbit/s.',
  redis:
    'redis-benchmark SET (seed 002: MacBook Air 2011, Docker for Mac 17.09, redis 4.0.2): docker tcp 52002 vs unix socket 90415 requests/s, native tcp 26567 vs unix 88261; separate containers over tcp 37793 (about 27% below same-container tcp).',
} as const;

const SEED_000 = 'Blog post “Is Rancher Desktop’s default slow?” (Zenn, in Japanese)';

/** The rows behind each EVIDENCE entry (the Evidence table of a finding). Dates the sources do not state are marked so. */
export const EVIDENCE_ROWS: Record<keyof typeof EVIDENCE, EvidenceRow[]> = {
  vzVirtiofs: [
    {
      source: SEED_000,
      date: 'not stated (macOS Sonoma: 2023 or later)',
      machine: 'Apple M2 MacBook Air 24 GB, macOS Sonoma',
      numbers: 'shared-folder write, MB/s: QEMU + reverse-sshfs 156.01 (Rancher default) · VZ + reverse-sshfs 354.48 · VZ + virtiofs 1096.65 · Docker Desktop 1242.61 · native 4321.94',
    },
  ],
  ninep: [
    {
      source: SEED_000,
      date: 'not stated (macOS Sonoma: 2023 or later)',
      machine: 'Apple M2 MacBook Air 24 GB, macOS Sonoma',
      numbers: 'shared-folder write, MB/s: QEMU + 9p 45.11 (msize 128 KiB) · 46.21 (msize 512 KiB) · VZ + virtiofs 1096.65',
    },
  ],
  ddev: [{ source: 'ddev file-sharing benchmark (Drupal install)', date: 'Dec 2022', machine: 'Apple M1', numbers: 'seconds: Docker Desktop virtiofs 63 · gRPC FUSE 102; Colima virtiofs 36 · sshfs 89 · 9p 150' }],
  npmInstall: [
    {
      source: 'paolomainardi, npm install on a bind mount',
      date: 'Jan 2025',
      machine: 'Apple M4 Pro',
      numbers: 'seconds: native 3.4 · OrbStack 4.22 · Docker VMM 8.47 · Lima 8.99 · Docker Desktop VZ 9.53',
    },
  ],
  virtiofsCounter: [
    { source: 'docker/for-mac#6667 (GitHub issue)', date: 'not stated', machine: 'Intel Mac', numbers: 'Laravel request: virtiofs 0.8 s · gRPC FUSE 0.07 s' },
    { source: 'docker/roadmap#7 (GitHub issue)', date: 'not stated', machine: 'Mac, Docker Desktop', numbers: 'git status: virtiofs 6.73 min · gRPC FUSE 44 s' },
  ],
  vagrant: [
    {
      source: 'Blog post “Vagrant provider shared-folder performance” (Hatena, in Japanese)',
      date: 'not stated (PHP 7.0 era)',
      machine: '2 vCPU, 1.5 GB guests on VirtualBox, VMware and Parallels; PHP 7.0 Yii 2 app, wrk',
      numbers: 'VMware default shared folder: about 30 requests/s for a static CSS file; NFS brought VirtualBox and VMware close to Parallels',
    },
  ],
  ioUring: [
    {
      source: 'Blog post “How much faster is KVM with io_uring?” (in Japanese)',
      date: 'not stated',
      machine: "KVM guest, qcow2 on virtio; fio randread 4k, iodepth 32, libaio, direct=1, 60 s",
      numbers: 'IOPS 8213 → 9425 (+14.7%) · p50 3490 → 2933 µs · p95 9503 → 8717 µs · host sys CPU 18.3% → 28.7%',
    },
  ],
  nic: [
    {
      source: 'Blog post “Easy network speed-ups for open-source VMs” (in Japanese)',
      date: '9 Aug 2010',
      machine: 'Xen/QEMU device models, Windows XP guest, 1 vCPU; iperf -w 4M',
      numbers: 'Mbit/s: rtl8139 58.3 · e1000 394 · paravirtual 432',
    },
  ],
  redis: [
    {
      source: 'Blog post on Docker for Mac overhead (Qiita, in Japanese)',
      date: 'not stated (Docker for Mac 17.09: late 2017)',
      machine: 'MacBook Air 2011, Docker for Mac 17.09, redis 4.0.2',
      numbers: 'redis-benchmark SET, requests/s: Docker tcp 52002 · unix socket 90415; native tcp 26567 · unix 88261; separate containers tcp 37793',
    },
  ],
};

/** The evidence rows a finding's text cites (a rule may quote several entries). */
export function evidenceRowsFor(text: string): EvidenceRow[] {
  return (Object.keys(EVIDENCE) as (keyof typeof EVIDENCE)[]).filter((k) => text.includes(EVIDENCE[k])).flatMap((k) => EVIDENCE_ROWS[k]);
}
