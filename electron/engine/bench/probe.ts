import type { BenchEvent, ProbeInfo } from '../../contract/contract.js';

/** Turns a probe event into ProbeInfo with safe defaults for anything the target could not report. */
export function normalizeProbe(ev: Extract<BenchEvent, { event: 'probe' }>): ProbeInfo {
  const num = (x: unknown): number => (typeof x === 'number' && Number.isFinite(x) ? x : 0);
  const str = (x: unknown): string => (typeof x === 'string' ? x : '');
  return {
    os: str(ev.os),
    kernel: str(ev.kernel),
    arch: str(ev.arch),
    cpus: num(ev.cpus),
    cpuModel: ev.cpuModel ? str(ev.cpuModel) : undefined,
    memMiB: num(ev.memMiB),
    dirFsType: ev.dirFsType ? str(ev.dirFsType) : undefined,
    freeMiB: typeof ev.freeMiB === 'number' ? ev.freeMiB : undefined,
    tools: ev.tools && typeof ev.tools === 'object' ? ev.tools : {},
    mounts: Array.isArray(ev.mounts) ? ev.mounts.filter((m) => m && typeof m.path === 'string' && typeof m.fstype === 'string') : [],
  };
}
