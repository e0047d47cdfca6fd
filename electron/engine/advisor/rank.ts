import type { Finding, FindingText, MeasuredValue, MsgRef } from '../../contract/contract.js';
import { msg } from '../../messages/finding-text.js';
import { adviceEnglish } from '../../messages/message-english.js';
import { metricInfo } from '../../measurement/metrics.js';
import { EVIDENCE_GAINS, evidenceKeysOf, type PublishedGain } from './rule-kit/evidence.js';

const SEVERITY_ORDER: Record<Finding['severity'], number> = { high: 0, medium: 1, low: 2, info: 3 };

/** What a finding's published gain is read from: its change and the evidence it quotes. */
type GainOf = Pick<Finding, 'setting' | 'current' | 'recommended'> & { text?: Pick<FindingText, 'evidence'> };

/** The finding's expected gain from the published evidence it quotes, when that evidence measured this change (evidence.ts EVIDENCE_GAINS). */
export function publishedGain(f: GainOf): number | null {
  return publishedEntry(f)?.gain ?? null;
}

/** Which published measurement the gain comes from ("4k random-read IOPS, QEMU io_uring"), as a message. */
export function publishedGainSource(f: GainOf): MsgRef | null {
  const basis = publishedEntry(f)?.basis;
  return basis ? msg(basis) : null;
}

/** The quoted evidence's gain for this change: the exact change first, then any current value, then any value. */
function publishedEntry(f: GainOf): PublishedGain | undefined {
  const cur = String(f.current);
  const rec = f.recommended === null || f.recommended === undefined ? '' : String(f.recommended);
  const gains = evidenceKeysOf(f.text?.evidence ?? [])
    .flatMap((k) => EVIDENCE_GAINS[k] ?? [])
    .filter((g) => g.setting === f.setting);
  return (
    gains.find((g) => g.from === cur && g.to === rec) ??
    gains.find((g) => g.from === undefined && g.to === rec) ??
    gains.find((g) => g.from === undefined && g.to === undefined)
  );
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
