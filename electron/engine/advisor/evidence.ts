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
