import type { RuntimeInfo } from '../../../contract/contract.js';
import { ev } from '../rule-kit/evidence.js';
import { msg } from '../../../messages/finding-text.js';
import { cite, round, type Measurements, type Rule } from '../rule-kit/types.js';
import { commandPair } from '../rule-kit/trials.js';

/** Shared-folder file creation below this share of the named volume's is worth moving dependency folders. */
const WORTH_MOVING = 0.5;

type Measured = NonNullable<ReturnType<Measurements['latest']>>;

/**
 * The shared folder's speed as a share of the named volume's: the dependency-tree extract when measured (the mixed layout's when there is one)
 * (what `npm install` feels; a time, so volume/shared), else small-file creation (a rate, so shared/volume).
 */
function ratio(m: Measurements): { shared: Measured; volume: Measured; r: number; tree: boolean; mixed?: boolean } | null {
  const treeShared = m.latest('dev-tree', 'shared', 'tree_extract_s');
  // The layout advised, measured as such (project on the bind mount, node_modules in a volume), else the whole tree in the volume.
  const mixed = m.latest('dev-tree', 'shared', 'mixed_extract_s');
  const treeVolume = mixed ?? m.latest('dev-tree', 'volume', 'tree_extract_s');
  if (treeShared && treeVolume && treeShared.median > 0)
    return { shared: treeShared, volume: treeVolume, r: treeVolume.median / treeShared.median, tree: true, mixed: !!mixed };
  const shared = m.latest('small-files', 'shared', 'create_per_s');
  const volume = m.latest('small-files', 'volume', 'create_per_s');
  if (!shared || !volume || !(volume.median > 0)) return null;
  return { shared, volume, r: shared.median / volume.median, tree: false };
}

/** The compose layout advised: the project on the bind mount, each dependency folder in a named volume. */
export const COMPOSE = [
  'services:',
  '  app:',
  '    volumes:',
  '      - .:/app',
  '      - node_modules:/app/node_modules   # likewise vendor, .venv, target',
  'volumes:',
  '  node_modules:',
].join('\n');

/**
 * Not a runtime setting but a layout, learned from the user's own ratio: when the Docker shared folder creates
 * files at well under half the rate of a named volume, keep dependency trees (node_modules, vendor, .venv, target)
 * in a named volume and only the source on the bind mount. When the user's own command was timed in both places, the
 * command decides instead (your-command.ts): the synthetic tests do not speak for it.
 */
export const dockerNamedVolume: Rule = {
  setting: 'dependencyFolders',
  // Once the user's own command was timed in the shared folder and a named volume, its numbers decide (your-command.ts), not these.
  applies: (rt: RuntimeInfo, m) => rt.targets.some((t) => t.places.includes('volume')) && (ratio(m)?.r ?? 1) < WORTH_MOVING && !commandPair(m, 'volume'),
  draft: () => ({
    current: 'bind mount',
    recommended: 'named volume',
    severity: 'medium',
    text: {
      evidence: [msg('weigh.published'), ev('npmInstall'), msg('rule.dockerNamedVolume.why')],
      risk: [msg('rule.dockerNamedVolume.risk')],
      steps: [msg('rule.dockerNamedVolume.step1', { compose: COMPOSE }), msg('rule.dockerNamedVolume.step2'), msg('rule.dockerNamedVolume.step3')],
    },
    apply: { kind: 'steps' },
  }),
  weigh: (f, _rt, m) => {
    const got = ratio(m);
    if (!got) return f;
    const measured = [
      { ...got.volume, settingValue: 'named volume' },
      { ...got.shared, settingValue: 'bind mount' },
    ];
    const severity = got.r < 0.2 ? 'high' : 'medium';
    const mine = got.tree
      ? msg(got.mixed ? 'rule.dockerNamedVolume.mixed' : 'rule.dockerNamedVolume.tree', {
          shared: cite(got.shared, 's'),
          times: round(1 / got.r),
          volume: cite(got.volume, 's'),
        })
      : msg('rule.dockerNamedVolume.files', { shared: cite(got.shared, 'files/s'), pct: round(got.r * 100), volume: cite(got.volume, 'files/s') });
    return { ...f, severity, measured, text: { ...f.text, evidence: [mine, ...f.text.evidence] } };
  },
};
