/** The views that show findings, and `vmbench advise`, in Japanese (and back in English) from the same findings. */
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DetectResult, Envelope } from '../../electron/contract/contract.js';
import { cmdAdvise } from '../../electron/cli/advise.js';
import type { Engine } from '../../electron/engine/api.js';
import { adviseRuntime } from '../../electron/engine/advisor/index.js';
import { rankFindings } from '../../electron/engine/advisor/rank.js';
import { adviceTitle, effectLine, yoursLine } from '../../src/lib/advice-words';
import { i18n } from '../../src/lib/i18n';
import { AdviceList } from '../../src/views/advice/advice-view';
import { FindingsList } from '../../src/views/advice/findings-list';
import { fixtureRuntimes } from '../helpers/advisor-fixtures.js';

const MAC = { platform: 'darwin' };
const JAPANESE = /[\u3040-\u30ff\u4e00-\u9fff]/;
const LEAK = /advice:|\b(?:rule|evidence|weigh|gain|row|yours|title|view|advise|severity)\.[a-zA-Z]/;

function detectOf(keys: string[]): DetectResult {
  const rts = fixtureRuntimes();
  const runtimes = keys.map((k) => ({ ...rts[k], findings: adviseRuntime(rts[k], [], MAC) }));
  const ranked = new Map(rankFindings(runtimes.flatMap((r) => r.findings)).map((f) => [f.id, f]));
  return { runtimes: runtimes.map((r) => ({ ...r, findings: r.findings.map((f) => ranked.get(f.id)!) })), durationMs: 1 };
}

/** Visible text of rendered markup (tags dropped, entities of quotes decoded). */
const visible = (html: string): string =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"');

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('findings in Japanese', () => {
  it("the runtime card's findings list: severity, evidence, risk, How to and buttons in Japanese; commands unchanged", async () => {
    await i18n.changeLanguage('ja');
    const d = detectOf(['rd-v4', 'podman-default']);
    const rd = renderToStaticMarkup(<FindingsList runtime={d.runtimes[0]} />);
    expect(rd).toContain('aria-label="rancher-desktop へのおすすめ"');
    expect(rd).toContain('<span class="badge badge-failed">高</span>');
    expect(rd).toContain('Rancher Desktop の VZ + virtiofs は 1,096.65 MB/s');
    expect(rd).toContain('リスク: VZ には macOS 13 以降が必要です');
    expect(rd).toMatch(/<summary[^>]*>適用のしかた<\/summary><pre class="mono small">rdctl set --virtual-machine.type vz<\/pre>/);
    expect(rd).toContain('>適用…</button>');
    const pod = renderToStaticMarkup(<FindingsList runtime={d.runtimes[1]} />);
    expect(pod).toMatch(
      /<ol class="small"><li>マシンから必要なものを保存してから実行します: podman machine stop podman-machine-default &amp;&amp; podman machine rm podman-machine-default<\/li>/,
    );
    for (const html of [rd, pod]) expect(visible(html)).not.toMatch(LEAK);
  });

  it('the same findings switch back to English without detecting again', async () => {
    const d = detectOf(['rd-v4']);
    await i18n.changeLanguage('ja');
    const ja = renderToStaticMarkup(<FindingsList runtime={d.runtimes[0]} />);
    await i18n.changeLanguage('en');
    const en = renderToStaticMarkup(<FindingsList runtime={d.runtimes[0]} />);
    expect(ja).toMatch(JAPANESE);
    expect(en).not.toMatch(JAPANESE);
    expect(en).toContain('Risk: VZ needs macOS 13+');
  });

  it('What to change: titles, gain, evidence table and How to in Japanese', async () => {
    await i18n.changeLanguage('ja');
    const html = renderToStaticMarkup(<AdviceList detect={detectOf(['rd-v4', 'libvirt-iothreads', 'podman-default'])} runs={0} />);
    expect(html).toContain('rancher-desktop の仮想マシンを Apple Virtualization（VZ）に切り替える');
    expect(html).toMatch(/公表値から \d+(\.\d+)? 倍の見込み（killinsun（Zenn）、共有フォルダへの書き込み、QEMU \+ reverse-sshfs → VZ \+ virtiofs）/);
    expect(html).toContain('<th scope="col">出典</th>');
    expect(html).toContain('ブログ記事「Rancher Desktop のデフォルト設定は遅い？」（killinsun、Zenn）');
    expect(html).toMatch(/<summary>手順<\/summary><ol class="small"><li>マシンから必要なもの/);
    expect(visible(html)).not.toMatch(LEAK);
    const empty = renderToStaticMarkup(<AdviceList detect={{ runtimes: [{ ...fixtureRuntimes()['dd-marslo-v40'], findings: [] }], durationMs: 1 }} runs={2} />);
    expect(visible(empty)).toContain('1 個のランタイム（docker-desktop）を調べました');
    expect(visible(empty)).toContain('（保存済みの 2 回の実行と照合）');
    // This machine is named in the UI's language, and the list is joined the Japanese way.
    const dd = fixtureRuntimes()['dd-marslo-v40'];
    const two = renderToStaticMarkup(
      <AdviceList
        detect={{
          runtimes: [
            { ...dd, id: 'local', name: 'This machine', findings: [] },
            { ...dd, findings: [] },
          ],
          durationMs: 1,
        }}
        runs={0}
      />,
    );
    expect(visible(two)).toContain('2 個のランタイム（このマシン、docker-desktop）を調べました');
    expect(visible(two)).not.toContain('This machine');
  });

  it('the effect line is the first published sentence in either language: for an IDE disk, the measurement of IDE', () => {
    const [bus] = detectOf(['libvirt-iothreads']).runtimes[0].findings.filter((f) => f.setting === 'diskBus');
    expect(effectLine(bus, 'en')).toBe(
      "Proxmox VE's admin guide: “Using the virtio generic disk controller versus an emulated IDE controller will double the sequential write throughput, as measured with bonnie++” (it gives neither the machine nor the figures).",
    );
    expect(effectLine(bus, 'ja')).toMatch(/^Proxmox VE の管理ガイド: 「エミュレートされた IDE コントローラの代わりに/);
    const disagree = {
      evidence: '',
      text: {
        evidence: [
          { key: 'weigh.disagree', params: { setting: 's', recommended: 'a', rec: '1', current: 'b', cur: '2' } },
          { key: 'weigh.published' },
          { key: 'evidence.nic' },
        ],
      },
    };
    expect(effectLine(disagree, 'ja')).toMatch(/^仮想 NIC のモデル/);
    expect(effectLine({ evidence: 'Your own numbers disagree: x. Published: Old sentence (a blog, 2017). Next one.' })).toBe('Old sentence (a blog, 2017).');
  });

  it("titles and the user's own figures (Results and What to change) in Japanese", () => {
    expect(adviceTitle({ setting: 'mountType', recommended: 'virtiofs' }, { name: 'Rancher Desktop' }, 'ja')).toBe(
      'Rancher Desktop の共有フォルダに virtiofs を使う',
    );
    expect(adviceTitle({ setting: 'someNewSetting', recommended: 'x' }, { name: 'Lima' }, 'ja')).toBe('Lima の someNewSetting を x にする');
    const m = (place: 'shared' | 'native', median: number) => ({
      runId: 'R',
      target: place === 'native' ? 'local' : 'rd',
      test: 'seq-write' as const,
      place,
      metric: 'write_MBps',
      median,
    });
    expect(yoursLine({ current: 'reverse-sshfs', recommended: 'virtiofs', measured: [m('shared', 640), m('native', 2000)] }, 'ja')).toBe(
      'このマシン: ネイティブの 0.32×（seq-write、shared）',
    );
  });
});

describe('vmbench advise in Japanese', () => {
  const engineFor = (detect: DetectResult): Engine =>
    ({ dispatch: async (): Promise<Envelope<unknown>> => ({ ok: true, value: detect }) }) as unknown as Engine;
  const capture = async (fn: () => Promise<number>): Promise<string> => {
    let out = '';
    const spy = vi.spyOn(process.stdout, 'write').mockImplementation((s: string | Uint8Array) => ((out += String(s)), true));
    try {
      expect(await fn()).toBe(0);
    } finally {
      spy.mockRestore();
    }
    return out;
  };

  it('prints the table with Japanese headings, severities, gains and evidence; English by default', async () => {
    const detect = detectOf(['rd-v4', 'libvirt-iothreads']);
    const ja = await capture(() => cmdAdvise(engineFor(detect), false, 'ja'));
    expect(ja).toMatch(/現在 → 推奨\s+見込み\s+重要度\s+根拠/);
    expect(ja).toMatch(/rancher-desktop\/vmType\s+qemu → vz\s+×\d+(\.\d+)?（公表値）\s+高\s+Rancher Desktop の VZ \+ virtiofs は 1,096\.65 MB\/s/);
    expect(ja).toContain('`vmbench advise --json` で、それぞれの根拠、リスク、適用のしかたをすべて表示します。');
    expect(ja).not.toMatch(LEAK);
    const en = await capture(() => cmdAdvise(engineFor(detect), false));
    expect(en).toMatch(/current → recommended\s+expected\s+severity\s+evidence/);
    expect(en).not.toMatch(JAPANESE);
    const none = await capture(() => cmdAdvise(engineFor({ runtimes: [], durationMs: 1 }), false, 'ja'));
    expect(none).toBe('推奨はありません: 見つかった 0 個のランタイムに変える設定はありません。\n');
  });
});
