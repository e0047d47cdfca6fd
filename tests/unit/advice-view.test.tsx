import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { DetectResult, Run } from '../../electron/contract/contract.js';
import { adviseRuntime } from '../../electron/engine/advisor/index.js';
import { rankFindings } from '../../electron/engine/advisor/rank.js';
import { adviceTitle, yoursLine } from '../../src/lib/advice-words';
import { AdviceList } from '../../src/views/advice/advice-view';
import { fixtureRuntimes } from '../helpers/advisor-fixtures.js';
import { makeRun, result } from '../helpers/make-run.js';

const MAC = { platform: 'darwin' };

/** Detection as the engine returns it: findings per runtime, ranked across runtimes. */
function detectOf(keys: string[], runs: Run[] = []): DetectResult {
  const rts = fixtureRuntimes();
  const runtimes = keys.map((k) => ({ ...rts[k], findings: adviseRuntime(rts[k], runs, MAC) }));
  const ranked = new Map(rankFindings(runtimes.flatMap((r) => r.findings)).map((f) => [f.id, f]));
  return { runtimes: runtimes.map((r) => ({ ...r, findings: r.findings.map((f) => ranked.get(f.id)!) })), durationMs: 1 };
}

describe('What to change', () => {
  it('lists every finding as a card in rank order, titled in plain words', () => {
    const html = renderToStaticMarkup(<AdviceList detect={detectOf(['rd-v4', 'libvirt-iothreads', 'podman-default'])} runs={0} />);
    const ranks = [...html.matchAll(/data-testid="advice-card" data-finding-id="[^"]+" data-rank="(\d+)"/g)].map((m) => Number(m[1]));
    expect(ranks.length).toBeGreaterThan(2);
    expect(ranks).toEqual(ranks.map((_, i) => i + 1));
    expect(html).toMatch(/Switch \S+ to the Apple Virtualization \(VZ\) virtual machine/);
  });
  it('offers Apply only where vmbench can apply the change, How to steps otherwise', () => {
    const html = renderToStaticMarkup(<AdviceList detect={detectOf(['podman-default', 'rd-v4'])} runs={0} />);
    const cards = html.split('data-testid="advice-card"').slice(1);
    for (const c of cards) {
      const id = /data-finding-id="([^"]+)"/.exec(c)![1];
      const steps = /data-testid="advice-howto"/.test(c);
      expect(/Apply…/.test(c), id).toBe(!steps);
    }
    expect(cards.some((c) => /data-testid="advice-howto"/.test(c))).toBe(true);
  });
  it('says what was checked when nothing needs to change', () => {
    const html = renderToStaticMarkup(<AdviceList detect={{ runtimes: [{ ...fixtureRuntimes()['dd-marslo-v40'], findings: [] }], durationMs: 1 }} runs={2} />);
    expect(html).toContain('Nothing to change');
    expect(html).toMatch(/Checked 1 runtime \(.+\): VM type, shared-folder mount type/);
    expect(html).toContain('against your 2 stored runs');
  });
  it("shows the advice from the user's own command as a card: its title, its numbers with the interval, How to steps", () => {
    const cmd = (place: 'shared' | 'guest', wall: number[]) => ({ ...result('command', place, { wall_s: wall }), params: { commandText: 'git status' } });
    const base = makeRun('C', '2026-11-28T10:00:00.000Z', []);
    const run: Run = {
      ...base,
      targets: [
        {
          id: 'lima:default',
          runtime: 'lima:default',
          label: 'Lima',
          settings: {},
          probe: null,
          results: [cmd('shared', [2.41, 2.52, 2.47]), cmd('guest', [0.21, 0.2, 0.22])],
          errors: [],
          status: 'ok',
        },
      ],
    };
    const html = renderToStaticMarkup(<AdviceList detect={detectOf(['lima-default'], [run])} runs={1} />);
    const card = html.split('data-testid="advice-card"').find((c) => c.includes('data-finding-id="lima:default/commandPlace"'))!;
    expect(card).toContain('Where your own command runs fastest in lima');
    expect(card).toMatch(
      /Your command `git status` \(run C, 3 timed runs in each place\): shared folder 2\.47 s, guest disk 0\.21 s \(medians\); the guest disk is 11\.\d× as fast \[/,
    );
    expect(card).toContain('data-testid="advice-howto"');
    expect(card).toMatch(/yours: guest disk 11\.\d× as fast as shared folder \(command\)/);
  });
  it('words titles and the user’s own figure', () => {
    expect(adviceTitle({ setting: 'mountType', recommended: 'virtiofs' }, { name: 'Rancher Desktop' })).toBe(
      "Use virtiofs for Rancher Desktop's shared folders",
    );
    const m = (place: 'shared' | 'native', median: number) => ({
      runId: 'R',
      target: place === 'native' ? 'local' : 'rancher-desktop',
      test: 'seq-write' as const,
      place,
      metric: 'write_MBps',
      median,
    });
    expect(yoursLine({ current: 'reverse-sshfs', recommended: 'virtiofs', measured: [m('shared', 640), m('native', 2000)] })).toBe(
      'yours: 0.32× this machine (seq-write, shared)',
    );
    // Seconds: the faster place is named with how many times faster, never as "0.33×".
    const t = (place: 'shared' | 'volume', median: number, settingValue: string) => ({
      runId: 'R',
      target: 'docker',
      test: 'dev-tree' as const,
      place,
      metric: 'tree_extract_s',
      median,
      settingValue,
    });
    expect(
      yoursLine({ current: 'bind mount', recommended: 'named volume', measured: [t('volume', 3.1, 'named volume'), t('shared', 9.3, 'bind mount')] }),
    ).toMatch(/^yours: named volume 3(\.0+)?× as fast as bind mount \(dev-tree\)$/);
  });
});
