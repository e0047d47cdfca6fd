import type { MsgRef, RuntimeInfo } from '../../../contract/contract.js';
import { msg } from '../../../messages/finding-text.js';
import { isKind, type Drafted, type Measurements, type Rule } from '../rule-kit/types.js';
import { commandPair, placePair, speeds, type PlacePair, type Speed } from '../rule-kit/trials.js';
import { COMPOSE } from './docker-named-volume.js';

/** The places a shared folder is weighed against, in the order they are preferred when both win. */
const OTHERS = ['volume', 'guest'] as const;
type Other = (typeof OTHERS)[number];

/** The value a finding recommends for each place (English, as the JSON carries current/recommended). */
const PLACE_VALUE: Record<Other, string> = { volume: 'named volume', guest: 'guest disk' };
const SHARED_VALUE = 'shared folder';

/** What the synthetic file tests said of the same two places: the dependency-tree extract when measured (for a volume, the mixed layout's when there is one), else small-file creation. */
function syntheticPair(m: Measurements, other: Other): PlacePair | undefined {
  const mixed = other === 'volume' ? placePair(m, 'dev-tree', 'tree_extract_s', other, { place: 'shared', metric: 'mixed_extract_s' }) : undefined;
  return mixed ?? placePair(m, 'dev-tree', 'tree_extract_s', other) ?? placePair(m, 'small-files', 'create_per_s', other);
}

interface Reading {
  other: Other;
  pair: PlacePair;
  speed: Speed;
}

/** The command's verdicts against the shared folder (one family), the place it should say something about first: the fastest clear win, else the first measured. */
function read(m: Measurements): Reading | undefined {
  const found = OTHERS.map((other) => ({ other, pair: commandPair(m, other) })).filter((x): x is { other: Other; pair: PlacePair } => x.pair !== undefined);
  if (!found.length) return undefined;
  const verdicts = speeds(found.map((x) => x.pair));
  const readings = found.map((x, i) => ({ ...x, speed: verdicts[i] }));
  const wins = readings.filter((r) => r.speed.call === 'faster').sort((a, b) => (b.speed.x ?? 0) - (a.speed.x ?? 0));
  return wins[0] ?? readings[0];
}

/** The ratio and its interval as message parameters (each number written by format.ts in the reader's language). */
function interval(s: Speed): Record<string, number | string> {
  return { x: s.x ?? 0, lo: s.lo ?? 0, hi: s.hi ?? 0, level: s.level };
}

/** The command's own sentence: its medians in both places and the verdict. */
function mine(r: Reading): MsgRef {
  const { pair, speed } = r;
  const command = typeof pair.params.commandText === 'string' && pair.params.commandText ? pair.params.commandText : 'command';
  const base = {
    command,
    runId: pair.runId,
    runs: Math.min(pair.shared.trials.length, pair.other.trials.length),
    shared: pair.shared.value.median,
    other: pair.other.value.median,
    place: msg(`rule.yourCommand.place.${r.other}`),
  };
  if (speed.call === 'undecided' || speed.x === null) return msg('rule.yourCommand.undecided', base);
  return msg(`rule.yourCommand.${speed.call}`, { ...base, ...interval(speed) });
}

/** When the synthetic test of the same two places reads otherwise, the sentence that says the command wins. */
function disagreement(m: Measurements, r: Reading): MsgRef | undefined {
  const synth = syntheticPair(m, r.other);
  if (!synth) return undefined;
  const [s] = speeds([synth]);
  if (s.call === 'undecided' || s.x === null) return undefined;
  const params = { test: synth.test, place: msg(`rule.yourCommand.place.${r.other}`), ...interval(s) };
  if (r.speed.call === 'faster' && s.call !== 'faster') return msg('rule.yourCommand.winsSlower', params);
  if ((r.speed.call === 'noise' || r.speed.call === 'slower') && s.call === 'faster') return msg('rule.yourCommand.winsSame', params);
  return undefined;
}

/** How to get the command's files off the shared folder, as fits the runtime's kind. */
function steps(rt: RuntimeInfo, other: Other): MsgRef[] {
  const place = msg(`rule.yourCommand.place.${other}`);
  const volume = rt.targets.some((t) => t.places.includes('volume'));
  const out: MsgRef[] = [];
  if (volume) out.push(msg('rule.yourCommand.stepVolume', { compose: COMPOSE }));
  if (isKind(rt, 'docker-desktop')) out.push(msg('rule.yourCommand.stepSync'));
  if (isKind(rt, 'lima', 'colima', 'rancher-desktop', 'podman')) out.push(msg('rule.yourCommand.stepVirtiofs'));
  if (isKind(rt, 'vagrant', 'libvirt')) out.push(msg('rule.yourCommand.stepNfs'));
  if (!volume) out.push(msg('rule.yourCommand.stepGuest'));
  out.push(msg('rule.yourCommand.stepMutagen'), msg('rule.yourCommand.stepRerun', { place }));
  return out;
}

/**
 * Learned from the user's own command (`vmbench run --command`), not from a setting: where its wall time in a
 * named volume or on the guest disk is clearly below the shared folder's (the interval of the ratio excludes 1×,
 * decided as Compare decides), say so with the command's numbers and how to move its files off the shared
 * folder; where the runs cannot tell, say so and nothing more. When the synthetic file tests of the same two
 * places read otherwise, the command wins and the finding says so. For a Docker volume this is the home of the
 * layout advice once the command measured it (docker-named-volume.ts steps aside).
 */
export const yourCommand: Rule = {
  setting: 'commandPlace',
  affects: ['command'],
  applies: (_rt, m) => read(m) !== undefined,
  draft: (rt) => {
    const other: Other = rt.targets.some((t) => t.places.includes('volume')) ? 'volume' : 'guest';
    return {
      current: SHARED_VALUE,
      recommended: PLACE_VALUE[other],
      severity: 'medium',
      text: { evidence: [msg('rule.yourCommand.why')], risk: [msg('rule.yourCommand.risk')], steps: steps(rt, other) },
      apply: { kind: 'steps' },
    };
  },
  weigh: (f, rt, m): Drafted => {
    const r = read(m);
    if (!r) return f;
    const evidence = [mine(r), ...[disagreement(m, r)].filter((x): x is MsgRef => x !== undefined)];
    if (r.speed.call === 'faster') {
      evidence.push(...f.text.evidence);
      const measured = [
        { ...r.pair.other.value, settingValue: PLACE_VALUE[r.other] },
        { ...r.pair.shared.value, settingValue: SHARED_VALUE },
      ];
      const severity = (r.speed.x ?? 0) >= 2 ? 'high' : 'medium';
      return { ...f, recommended: PLACE_VALUE[r.other], severity, measured, text: { ...f.text, evidence, steps: steps(rt, r.other) } };
    }
    // Nothing to change for this command: no steps, no risk, and only the shared folder's own number (a gain from two medians would claim what the interval does not).
    const { apply: _apply, risk: _risk, ...rest } = f;
    void _apply;
    void _risk;
    return {
      ...rest,
      recommended: PLACE_VALUE[r.other],
      severity: 'info',
      alreadyFine: true,
      measured: [r.pair.shared.value],
      text: { evidence, risk: [], steps: [] },
    };
  },
};
