import type { Finding, MeasuredValue, MsgRef } from '../../shared/contract.js';
import { msg } from '../../shared/finding-text.js';
import { adviceEnglish } from '../../shared/message-english.js';
import { metricInfo } from '../../shared/metrics.js';

/**
 * Published gains (recommended ÷ current, for the metric the finding is about) from the articles in
 * docs/evidence.md, with the advice catalogue's key of what was measured; keyed by `<setting>:<current>→<recommended>`, then `<setting>→<recommended>`. A finding
 * without a published number ranks by severity only.
 */
const PUBLISHED_GAIN: Record<string, [number, string]> = {
  // killinsun (Zenn), Rancher Desktop shared-folder writes: QEMU + reverse-sshfs 156.01 MB/s -> VZ + virtiofs 1096.65 MB/s (VZ is what makes virtiofs possible).
  'vmType:qemu→vz': [1096.65 / 156.01, 'gain.qemuToVz'],
  // the same article: reverse-sshfs 354.48 -> virtiofs 1096.65 MB/s; 9p 45.11 -> virtiofs 1096.65 MB/s.
  'mountType:reverse-sshfs→virtiofs': [1096.65 / 354.48, 'gain.reverseSshfs'],
  'mountType:sshfs→virtiofs': [1096.65 / 354.48, 'gain.reverseSshfs'],
  'mountType:9p→virtiofs': [1096.65 / 45.11, 'gain.ninep'],
  // si1230.com, KVM io_uring: io default 8213 -> io_uring 9425 IOPS.
  'diskIo→io_uring': [9425 / 8213, 'gain.ioUring'],
  // d.ballade.jp, virtual NIC models: rtl8139 58.3 / e1000 394 -> paravirtual 432 Mbit/s.
  'nicModel:rtl8139→virtio': [432 / 58.3, 'gain.nic'],
  'nicModel:e1000→virtio': [432 / 394, 'gain.nic'],
  'nicModel:e1000e→virtio': [432 / 394, 'gain.nicE1000e'],
  // ksato9700 (Qiita), redis-benchmark on Docker for Mac: docker tcp 52002 -> unix socket 90415 SET/s.
  'redisTransport→unix': [90415 / 52002, 'gain.redis'],
  // killinsun (Zenn): msize 128 KiB 45.11 vs 512 KiB 46.21 MB/s.
  'mount9pMsizeKiB→': [46.21 / 45.11, 'gain.msize'],
};

const SEVERITY_ORDER: Record<Finding['severity'], number> = { high: 0, medium: 1, low: 2, info: 3 };

/** The finding's expected gain from published evidence, when a published article measured this change. */
export function publishedGain(f: Pick<Finding, 'setting' | 'current' | 'recommended'>): number | null {
  return publishedEntry(f)?.[0] ?? null;
}

/** Which published measurement the gain comes from ("si1230.com (2025), 4k random-read IOPS"), as a message. */
export function publishedGainSource(f: Pick<Finding, 'setting' | 'current' | 'recommended'>): MsgRef | null {
  const key = publishedEntry(f)?.[1];
  return key ? msg(key) : null;
}

function publishedEntry(f: Pick<Finding, 'setting' | 'current' | 'recommended'>): [number, string] | undefined {
  const rec = f.recommended === null || f.recommended === undefined ? '' : String(f.recommended);
  return PUBLISHED_GAIN[`${f.setting}:${String(f.current)}→${rec}`] ?? PUBLISHED_GAIN[`${f.setting}→${rec}`] ?? PUBLISHED_GAIN[`${f.setting}→`];
}

/**
 * The user's own expected gain, from the measurements a finding cites: recommended vs current when both
 * were measured, else native vs the current place (the most a setting change could buy).
 */
export function measuredGain(f: Pick<Finding, 'current' | 'recommended' | 'measured'>): number | null {
  const m = f.measured ?? [];
  const by = (v: unknown): MeasuredValue | undefined => m.find((x) => x.settingValue !== undefined && String(x.settingValue) === String(v));
  const ratio = (to: MeasuredValue, from: MeasuredValue): number | null => {
    if (!(to.median > 0 && from.median > 0)) return null;
    return metricInfo(to.metric).direction === 'lower' ? from.median / to.median : to.median / from.median;
  };
  const rec = by(f.recommended);
  const cur = by(f.current);
  if (rec && cur) return ratio(rec, cur);
  const place = m.find((x) => x.place !== 'native');
  const native = m.find((x) => x.place === 'native' && place && x.metric === place.metric);
  return place && native ? ratio(native, place) : null;
}

/**
 * Ranks findings across runtimes: by expected gain (the user's own numbers first, else the published
 * one), then severity; findings the user's numbers contradict come last, marked alreadyFine.
 */
export function rankFindings(findings: Finding[]): Finding[] {
  const scored = findings.map((f, i) => {
    const mine = measuredGain(f);
    const gain = mine ?? publishedGain(f);
    const alreadyFine = f.alreadyFine === true || (mine !== null && mine < 1.1 && f.severity === 'info');
    const gainSource = mine !== null ? ('measured' as const) : gain !== null ? ('published' as const) : null;
    const basis = mine !== null ? msg('gain.yours') : publishedGainSource(f);
    const withBasis = basis ? { gainBasis: adviceEnglish(basis), ...(f.text ? { text: { ...f.text, gainBasis: basis } } : {}) } : {};
    return { f: { ...f, gain, gainSource, ...withBasis, alreadyFine }, i };
  });
  scored.sort((x, y) => {
    if (x.f.alreadyFine !== y.f.alreadyFine) return x.f.alreadyFine ? 1 : -1;
    const gx = x.f.gain ?? 1;
    const gy = y.f.gain ?? 1;
    if (Math.abs(gx - gy) > 1e-9) return gy - gx;
    return SEVERITY_ORDER[x.f.severity] - SEVERITY_ORDER[y.f.severity] || x.i - y.i;
  });
  return scored.map((s, k) => ({ ...s.f, rank: k + 1 }));
}
