import { describe, expect, it } from 'vitest';
import type { Finding, Run, RuntimeInfo, TestResult } from '../../electron/contract/contract.js';
import { adviseRuntime } from '../../electron/engine/advisor/index.js';
import { rankFindings } from '../../electron/engine/advisor/rank.js';
import { findingText } from '../../electron/messages/finding-text.js';
import { welchLogRatio } from '../../electron/measurement/verdict-stats.js';
import { formatFactor } from '../../electron/presentation/format.js';
import { makeRun, result } from '../helpers/make-run.js';

const MAC = { platform: 'darwin' };
const docker: RuntimeInfo = {
  id: 'docker:desktop-linux',
  kind: 'docker-desktop',
  name: 'Docker Desktop',
  version: '4.40.0',
  state: 'running',
  settings: { mountType: 'virtiofs' },
  settingsSource: {},
  targets: [{ id: 'docker:desktop-linux', label: 'Docker Desktop', places: ['shared', 'guest', 'volume'] }],
  findings: [],
};
const lima: RuntimeInfo = {
  id: 'lima:default',
  kind: 'lima',
  name: 'Lima (default)',
  version: '1.0.0',
  state: 'running',
  settings: { mountType: 'virtiofs', vmType: 'vz' },
  settingsSource: {},
  targets: [{ id: 'lima:default', label: 'Lima (default)', places: ['shared', 'guest'] }],
  findings: [],
};

/** The command test's result in one place as command.sh reports it: wall, user and sys seconds per timed run, and the command as given. */
function cmd(place: TestResult['place'], wall: number[], command = 'npm ci'): TestResult {
  return {
    ...result('command', place, {
      wall_s: wall,
      user_s: wall.map((w) => Math.round(w * 0.61 * 100) / 100),
      sys_s: wall.map((w) => Math.round(w * 0.22 * 100) / 100),
    }),
    tool: { name: 'sh', version: null, method: 'sh -c, scratch copy' },
    params: { trials: wall.length, warmup: 1, inPlace: false, exitStatus: 0, commandText: command },
    command: `sh -c '${command}'`,
  };
}

/** small-files creation rates (files/s) in one place. */
function files(place: TestResult['place'], create: number[]): TestResult {
  return { ...result('small-files', place, { create_per_s: create }), tool: { name: 'sh', version: null, method: 'split' } };
}

/** A stored run of one runtime (plus This machine's native command time, as a command run has it). */
function run(rt: RuntimeInfo, id: string, results: TestResult[]): Run {
  const r = makeRun(id, '2026-11-28T10:00:00.000Z', [cmd('native', [3.31, 3.42, 3.38])]);
  return {
    ...r,
    tests: ['command'],
    targets: [...r.targets, { id: rt.id, runtime: rt.id, label: rt.name, settings: {}, probe: null, results, errors: [], status: 'ok' }],
  };
}

const SHARED = [9.41, 9.62, 9.55];
const VOLUME = [3.88, 3.95, 3.91];
const ofCommand = (fs: Finding[]): Finding | undefined => fs.find((f) => f.setting === 'commandPlace');

describe("advice from the user's own command", () => {
  it('a named volume clearly faster than the shared folder: the command, both medians, the ratio with its interval, and what to do for Docker Desktop', () => {
    const fs = rankFindings(adviseRuntime(docker, [run(docker, 'R1', [cmd('shared', SHARED), cmd('volume', VOLUME)])], MAC));
    const f = ofCommand(fs)!;
    expect(f).toMatchObject({ id: 'docker:desktop-linux/commandPlace', current: 'shared folder', recommended: 'named volume', severity: 'high' });
    expect(f.alreadyFine).toBe(false);
    expect(f.gainSource).toBe('measured');
    // The interval is the verdicts' own (Welch on the logs), at 95% with one comparison.
    const est = welchLogRatio(VOLUME, SHARED)!;
    const x = formatFactor(est.ratio, 'en');
    const [lo, hi] = [formatFactor(est.lo, 'en'), formatFactor(est.hi, 'en')];
    const [yours, why] = f.evidence.split(' Why: ');
    expect(yours).toBe(
      `Your command \`npm ci\` (run R1, 3 timed runs in each place): shared folder 9.55 s, named volume 3.91 s (medians); the named volume is ${x}× as fast [${lo}–${hi}, 95% interval], a difference beyond the noise of the runs.`,
    );
    expect(`${x} [${lo}–${hi}]`).toBe('2.43 [2.38–2.49]');
    expect(why).toContain('a named volume or the VM');
    const steps = findingText(f, 'en').steps!.join('\n');
    expect(steps).toContain('node_modules:/app/node_modules');
    expect(steps).toContain('Synchronized file shares');
    expect(steps).toContain('Mutagen');
    expect(steps).not.toContain('virtiofs');
    // The synthetic tests did not run here: no disagreement to state.
    expect(f.evidence).not.toContain('wins');
  });

  it('in Japanese: the same numbers and interval, in the ja catalogue', () => {
    const f = ofCommand(adviseRuntime(docker, [run(docker, 'R1', [cmd('shared', SHARED), cmd('volume', VOLUME)])], MAC))!;
    const ja = findingText(f, 'ja');
    expect(ja.evidence).toMatch(
      /^あなたのコマンド `npm ci`（実行 R1、各場所 3 回計測）: 共有フォルダ 9\.55 秒、名前付きボリューム 3\.91 秒（中央値）。名前付きボリュームは 2\.43 倍速く［2\.38–2\.49、95% 区間］、実行ごとのばらつきを超える差です。理由: /,
    );
    expect(ja.steps!.some((s) => s.includes('Mutagen でプロジェクトを同期'))).toBe(true);
    expect(ja.risk).toContain('名前付きボリューム');
  });

  it('within noise: says the runs cannot tell, claims no change (no steps, no gain from the medians), and no layout advice either', () => {
    const noisy = run(docker, 'R2', [cmd('shared', [3.12, 3.4, 2.95]), cmd('volume', [3.05, 3.31, 3.18])]);
    const fs = rankFindings(adviseRuntime(docker, [noisy], MAC));
    const f = ofCommand(fs)!;
    expect(f).toMatchObject({ severity: 'info', alreadyFine: true, gain: null });
    expect(f.apply).toBeUndefined();
    expect(f.measured?.map((m) => m.place)).toEqual(['shared']);
    expect(f.evidence).toMatch(
      /^Your command `npm ci` \(run R2, 3 timed runs in each place\): shared folder 3\.12 s, named volume 3\.18 s \(medians\); the named volume at 0\.99× the shared folder's speed \[0\.86–1\.15, 95% interval\] is within the noise of the runs/,
    );
    expect(f.risk).toBeUndefined();
    expect(findingText(f, 'ja').evidence).toContain('実行ごとのばらつきの範囲内のため、両者の差は判別できず、変更としては示しません');
    expect(f.evidence).toContain('nothing is shown as a change');
    expect(fs.some((x) => x.setting === 'dependencyFolders')).toBe(false);
  });

  it('small-files says the shared folder keeps up but the command is much slower there: the command wins, and says so', () => {
    const r = run(docker, 'R3', [cmd('shared', SHARED), cmd('volume', VOLUME), files('shared', [4210, 4390, 4305]), files('volume', [4350, 4280, 4400])]);
    const f = ofCommand(adviseRuntime(docker, [r], MAC))!;
    expect(f).toMatchObject({ recommended: 'named volume', severity: 'high' });
    expect(f.evidence).toMatch(
      /The synthetic small-files test found no clear advantage for the named volume \(1\.0\d× as fast \[0\.\d\d–1\.\d\d, 95% interval\]\), but your command is clearly slower in the shared folder: the command wins/,
    );
    expect(findingText(f, 'ja').evidence).toContain('実際に行う作業であるコマンドの結果を優先します');
  });

  it('small-files says move to the volume but the command cannot tell: the command wins, and the synthetic layout advice steps aside', () => {
    const sf = [files('shared', [610, 590, 640]), files('volume', [5020, 4950, 5100])];
    // Without a command run, the small-files ratio alone advises the layout.
    expect(adviseRuntime(docker, [run(docker, 'R4', sf)], MAC).map((x) => x.setting)).toContain('dependencyFolders');
    const fs = adviseRuntime(docker, [run(docker, 'R4', [cmd('shared', [3.12, 3.4, 2.95]), cmd('volume', [3.05, 3.31, 3.18]), ...sf])], MAC);
    expect(fs.map((x) => x.setting)).not.toContain('dependencyFolders');
    const f = ofCommand(fs)!;
    expect(f).toMatchObject({ severity: 'info', alreadyFine: true });
    expect(f.evidence).toMatch(
      /The synthetic small-files test measured the named volume 8\.\d\d× as fast as the shared folder \[\d\.\d\d–\d+\.?\d*, 95% interval\], but your command is not faster there: the command wins/,
    );
    expect(findingText(f, 'ja').evidence).toContain('コマンドの結果を優先するので');
  });

  it('a Lima guest disk clearly faster: virtiofs and the guest disk as the way out, not a named volume', () => {
    const r = run(lima, 'R5', [cmd('shared', [14.2, 14.9, 14.5], 'git status'), cmd('guest', [1.21, 1.19, 1.24], 'git status')]);
    const f = ofCommand(adviseRuntime(lima, [r], MAC))!;
    expect(f).toMatchObject({ current: 'shared folder', recommended: 'guest disk', severity: 'high' });
    expect(f.evidence).toMatch(
      /^Your command `git status` \(run R5, 3 timed runs in each place\): shared folder 14\.5 s, guest disk 1\.21 s \(medians\); the guest disk is 12\.\d× as fast/,
    );
    const steps = findingText(f, 'en').steps!.join('\n');
    expect(steps).toContain('mountType virtiofs');
    expect(steps).toContain("VM's own disk");
    expect(steps).not.toContain('compose.yaml');
  });

  it('says nothing without a command timed in the shared folder and another place of the same run', () => {
    expect(ofCommand(adviseRuntime(docker, [], MAC))).toBeUndefined();
    expect(ofCommand(adviseRuntime(docker, [run(docker, 'R6', [cmd('shared', SHARED)])], MAC))).toBeUndefined();
    // The shared folder in a newer run, the volume only in an older one (maybe another command): not a pair.
    const older = run(docker, 'R7', [cmd('volume', VOLUME, 'make')]);
    const newer = { ...run(docker, 'R8', [cmd('shared', SHARED)]), startedAt: '2026-11-28T11:00:00.000Z' };
    expect(ofCommand(adviseRuntime(docker, [older, newer], MAC))).toBeUndefined();
  });
});
