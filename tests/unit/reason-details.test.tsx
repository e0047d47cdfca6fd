/**
 * A runtime's failed status is a sentence (what happened, what to do) in the reader's language; the raw output
 * behind it (each command as it ran, with what it printed, template braces and socket paths included) travels
 * as `reasonDetail`, shown on the runtime card only behind a "Details" disclosure and by `vmbench detect` on
 * indented lines under "details:". Replayed: a Docker context whose daemon is down (real docker 28.2.2 output,
 * tests/fixtures/runtimes/docker-engine/SOURCES.txt).
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RuntimeInfo } from '../../electron/contract/contract.js';
import { reasonText } from '../../electron/messages/error-text.js';
import { createI18n, translator, type Lang } from '../../electron/messages/i18n.js';
import { reasonLines } from '../../electron/presentation/reason-detail.js';
import { createDetectContext, detectAll } from '../../electron/engine/runtimes/detect.js';
import { findKind } from '../../electron/engine/runtimes/registry.js';
import { exitWhy } from '../../electron/engine/runtimes/support/cli.js';
import { makeRuntime } from '../../electron/engine/runtimes/support/runtime-info.js';
import { why } from '../../electron/engine/runtimes/support/why.js';
import { RuntimeCard } from '../../src/views/environments/runtime-card';
import { makeStubEnv, unreachableDockerContext, type StubEnv } from '../helpers/runtimes-stubs.js';

/** Text a tool printed, or the shape of a command line: none of it belongs in the sentence. */
const RAW = /\{\{|\}\}|unix:\/\/|Cannot connect|--context|--format|\$ docker/;

let stub: StubEnv;
let rt: RuntimeInfo;

beforeAll(async () => {
  stub = makeStubEnv({
    docker: [...unreachableDockerContext()],
  });
  [rt] = await detectAll(createDetectContext({ env: stub.env, dataDir: stub.root, timeoutMs: 3000 }), { kinds: [findKind('docker-engine')!] });
});
afterAll(() => stub.cleanup());

const card = (runtime: RuntimeInfo, lang: Lang): string =>
  renderToStaticMarkup(createElement(I18nextProvider, { i18n: createI18n(lang) }, createElement(RuntimeCard, { runtime })));

describe("a runtime's failed status: a sentence, the raw output behind a toggle", () => {
  it('the reason is a sentence of the catalogue in either language; the commands and what they printed are its detail', () => {
    expect(rt.state).toBe('stopped');
    expect(reasonText(rt, 'en')).toBe('the Docker daemon is not running; start it (or the app that runs it), then detect again');
    expect(reasonText(rt, 'ja')).toBe('Docker デーモンが動いていません。デーモン（またはそれを動かすアプリ）を起動してから、もう一度検出してください');
    for (const lang of ['en', 'ja'] as const) expect(reasonText(rt, lang)).not.toMatch(RAW);
    expect(rt.reason).not.toMatch(RAW);
    expect(rt.reasonDetail).toContain("$ docker --context vmbench-test version --format '{{json .}}'");
    expect(rt.reasonDetail).toContain('Cannot connect to the Docker daemon at unix:///run/vmbench-test-docker.sock. Is the docker daemon running?');
  });

  it('a CLI that exits non-zero (podman machine list, exit 125): the sentence names the call and its exit code, the detail holds what it said', () => {
    const w = exitWhy('podman machine list', 125, 'Error: cannot connect to Podman: {{json .}}\n', 'podman machine list --format json');
    const made = makeRuntime({ id: 'podman', kind: 'podman', name: 'Podman', state: 'unknown', reason: [w, why('docker.readFileOnly')] });
    expect(made.reason).toBe(
      'podman machine list ended with an error (exit code 125); check that it is running and up to date, then detect again; settings were read from the settings file only',
    );
    expect(made.reasonRefs).toEqual([{ key: 'detect:cli.failed', params: { label: 'podman machine list', code: 125 } }, { key: 'detect:docker.readFileOnly' }]);
    expect(made.reasonDetail).toBe('$ podman machine list --format json\nError: cannot connect to Podman: {{json .}}');
    expect(reasonText(made, 'ja')).toMatch(/^podman machine list がエラーで終了しました（終了コード 125）。/);
  });

  it('the runtime card shows the sentence, and the raw output only inside a closed <details> disclosure labelled in the page language', () => {
    for (const [lang, summary] of [
      ['en', 'Details'],
      ['ja', '詳細'],
    ] as const) {
      const html = card(rt, lang);
      const disclosure = html.indexOf('<details class="reason-details" data-testid="reason-details">');
      expect(disclosure, lang).toBeGreaterThan(0);
      expect(html.slice(disclosure)).toMatch(
        new RegExp(`^<details[^>]*><summary>${summary}</summary><pre[^>]*>\\$ docker --context vmbench-test version --format &#x27;\\{\\{json \\.\\}\\}&#x27;`),
      );
      // Outside the disclosure: the sentence, no raw text.
      expect(html.slice(0, disclosure)).toContain(reasonText(rt, lang));
      expect(html.slice(0, disclosure).replace(/data-runtime-id="[^"]*"|<span class="mono">[^<]*<\/span>/g, '')).not.toMatch(RAW);
    }
    // No raw output, no toggle.
    const plain = { ...rt, reasonDetail: undefined };
    expect(card(plain, 'en')).not.toContain('reason-details');
  });

  it('vmbench detect prints the sentence on the runtime line and the raw output on indented lines under "details:"', () => {
    for (const lang of ['en', 'ja'] as const) {
      const lines = reasonLines(rt.id, reasonText(rt, lang) ?? '', rt.reasonDetail, translator(lang)('cli:detect.details'));
      expect(lines[0]).toBe(`  docker:vmbench-test: ${reasonText(rt, lang)}`);
      expect(lines[0]).not.toMatch(RAW);
      expect(lines[1]).toBe(lang === 'en' ? '    details:' : '    詳細:');
      expect(lines.slice(2)).toEqual(rt.reasonDetail!.split('\n').map((l) => `      ${l}`));
    }
    expect(reasonLines('x', 'why', undefined, 'details:')).toEqual(['  x: why']);
  });
});
