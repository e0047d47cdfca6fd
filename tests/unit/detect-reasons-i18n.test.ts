/**
 * Detection's reasons in both languages. Every reason a detector gives is a message of the detect
 * catalogue, so `vmbench detect` and the app's runtime cards say it in their language; the English
 * `reason` of the JSON contract is the English rendering of the same messages. Real captures are
 * replayed through stub CLIs (runtimes-stubs.ts) for the kinds that cannot exist here.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import type { RuntimeInfo } from '../../electron/contract/contract.js';
import { reasonText, renderError } from '../../electron/messages/error-text.js';
import { createI18n, type Lang } from '../../electron/messages/i18n.js';
import { allCatalogues } from '../../electron/engine/util/catalogue-files.js';
import { RuntimeCard } from '../../src/views/environments/runtime-card';
import { createDetectContext, detectAll } from '../../electron/engine/runtimes/detect.js';
import { limaKind } from '../../electron/engine/runtimes/lima.js';
import { podmanKind } from '../../electron/engine/runtimes/podman.js';
import { rancherDesktopKind } from '../../electron/engine/runtimes/rancher-desktop/index.js';
import { vagrantKind } from '../../electron/engine/runtimes/vagrant/index.js';
import { local, makeStubEnv, captured, type StubEnv } from '../helpers/runtimes-stubs.js';

const CATALOGUES = allCatalogues();

const JAPANESE = /[\u3040-\u30ff\u4e00-\u9faf]/;

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? sources(p) : p.endsWith('.ts') ? [p] : [];
  });
}

function lookup(tree: unknown, key: string): unknown {
  return key.split('.').reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined), tree);
}

describe('detection reasons are catalogue messages', () => {
  it('every why(...) and fail(...) key of the detectors exists in both languages', () => {
    const keys = new Set<string>();
    for (const file of sources(join(process.cwd(), 'electron', 'engine', 'runtimes'))) {
      const src = readFileSync(file, 'utf8');
      for (const m of src.matchAll(/\bwhy\('([\w.]+)'/g)) keys.add(m[1]);
      for (const m of src.matchAll(/\bfail\('([\w.]+)'/g)) keys.add(`parse.${m[1]}`);
    }
    expect(keys.size).toBeGreaterThan(60);
    const missing = [...keys].flatMap((k) =>
      (['en', 'ja'] as const).filter((lang) => typeof lookup(CATALOGUES[lang].detect, k) !== 'string').map((lang) => `${lang}:${k}`),
    );
    expect(missing).toEqual([]);
  });
});

describe('detection reasons in Japanese and English (replayed captures)', () => {
  let stub: StubEnv | undefined;
  afterEach(() => stub?.cleanup());

  const TWO = captured('vagrant/global-status-machine-readable.virtualbox-2machines.txt');
  const RD = captured('rancher-desktop/rdctl-list-settings.v10-macos.json');
  const DEBIAN = local('lima/lima.yaml.v1.1.0-debian-11.yaml');

  async function detected(): Promise<RuntimeInfo[]> {
    stub = makeStubEnv(
      {
        rdctl: [{ args: 'list-settings', stdout: RD, truncate: 400 }],
        vagrant: [{ args: '"global-status --machine-readable"', stdout: TWO }],
        podman: [{ args: '*', hang: true }],
      },
      { '.lima/deb/lima.yaml': DEBIAN },
    );
    const ctx = createDetectContext({ env: stub.env, dataDir: stub.root, timeoutMs: 1500 });
    return detectAll(ctx, { kinds: [rancherDesktopKind, vagrantKind, podmanKind, limaKind], kindDeadlineMs: 5000 });
  }

  it('each reason carries its messages; English renders to the contract text, Japanese to Japanese', async () => {
    const list = await detected();
    const withReason = list.filter((r) => r.reason);
    // Rancher Desktop (garbage), two Vagrant machines (folders gone), Podman (hung), Lima (no limactl, base unread).
    expect(withReason.map((r) => r.kind).sort()).toEqual(['lima', 'podman', 'rancher-desktop', 'vagrant', 'vagrant']);
    for (const rt of withReason) {
      expect(rt.reasonRefs?.length, rt.id).toBeGreaterThan(0);
      expect(reasonText(rt, 'en'), rt.id).toBe(rt.reason);
      const ja = reasonText(rt, 'ja') ?? '';
      expect(ja, rt.id).toMatch(JAPANESE);
      for (const ref of rt.reasonRefs ?? []) {
        const en = renderError(ref, 'en') ?? '';
        expect(renderError(ref, 'ja'), `${rt.id} ${ref.key}`).not.toBe(en);
        expect(ja, rt.id).not.toContain(en);
      }
    }
    const by = (kind: string): RuntimeInfo => withReason.find((r) => r.kind === kind)!;
    expect(reasonText(by('rancher-desktop'), 'ja')).toBe('rdctl list-settings の出力は有効な JSON ではありません');
    expect(by('rancher-desktop').reason).toBe('rdctl list-settings printed output that is not valid JSON');
    expect(reasonText(by('vagrant'), 'ja')).toBe('このマシンのフォルダはもうありません。`vagrant global-status --prune` でこうした古いエントリーを消せます');
    expect(reasonText(by('podman'), 'ja')).toBe('podman machine list が 1.5 s 以内に応答しませんでした');
    expect(by('podman').reason).toBe('podman machine list did not answer within 1.5 s');
    const lima = reasonText(by('lima'), 'ja') ?? '';
    expect(lima).toMatch(
      /^limactl がインストールされていないか、PATH にありません。設定は .*lima\.yaml からのみ読み取りました；base テンプレート template:\/\/_images\/debian-11 は limactl 同梱のテンプレートで/,
    );
    expect(by('lima').reason).toMatch(
      /^limactl is not installed or not on PATH; settings were read from .*lima\.yaml only; base template template:\/\/_images\/debian-11 is one of limactl's bundled templates/,
    );
  });

  it("the runtime card shows the reason in the view's language", async () => {
    const rd = (await detected()).find((r) => r.kind === 'rancher-desktop')!;
    const render = (lang: Lang): string =>
      renderToStaticMarkup(createElement(I18nextProvider, { i18n: createI18n(lang) }, createElement(RuntimeCard, { runtime: rd })));
    expect(render('ja')).toMatch(/data-testid="runtime-reason"><p>rdctl list-settings の出力は有効な JSON ではありません</);
    expect(render('en')).toMatch(/data-testid="runtime-reason"><p>rdctl list-settings printed output that is not valid JSON</);
    // The places of its targets are words too, not ids.
    expect(render('ja')).toContain('共有フォルダ、ゲストディスク');
    expect(render('en')).toContain('shared folder, guest disk');
  });

  it('a reason without references (an older cache or another writer) is shown as recorded', () => {
    expect(reasonText({ reason: 'as recorded' }, 'ja')).toBe('as recorded');
    expect(reasonText({ reason: 'as recorded', reasonRefs: [{ key: 1 }] }, 'ja')).toBe('as recorded');
  });
});
