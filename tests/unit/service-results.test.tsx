/** The service tables (net, Redis, HTTP) of a run and of a comparison, as static markup. */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { Run, TargetRun, TestResult } from '../../electron/contract/contract.js';
import { compareRuns } from '../../electron/engine/compare.js';
import { ServiceCompare } from '../../src/views/compare/service-compare';
import { ServiceResults } from '../../src/views/results/service-results';
import { englishLeft, inLang } from '../helpers/in-lang.js';
import { makeRun, result } from '../helpers/make-run.js';

// ---- realistic results, the way the engine stores them (raw samples -> median/min/max/n) ----

/** A result measured by the given tool (make-run's result() says fio). */
function measured(test: TestResult['test'], place: TestResult['place'], tool: string, samples: Record<string, number[]>): TestResult {
  return { ...result(test, place, samples), tool: { name: tool, version: null, method: `${tool} (test data)` }, command: tool };
}

/** This machine: the native redis numbers of the redis article in docs/evidence.md, wrk and iperf3 numbers as measured on the development machine. */
function localResults(): TestResult[] {
  return [
    measured('net', 'native', 'iperf3', { tx_Mbps: [41250.1, 40112.7, 42003.9], rx_Mbps: [39876.4, 40522.0, 39011.3] }),
    measured('redis', 'native', 'redis-benchmark', {
      set_rps_tcp: [26567.48, 25990.1, 27011.2],
      get_rps_tcp: [27300.03, 26800.5, 27710.9],
      set_rps_unix: [88261.25, 87002.3, 89100.4],
      get_rps_unix: [83612.04, 82990.7, 84400.1],
    }),
    measured('http', 'native', 'wrk', {
      req_per_s: [44228.488, 40919.554, 36388.71],
      lat_p50_ms: [0.264, 0.07, 0.078],
      lat_p99_ms: [3.71, 2.097, 0.89],
      site_req_per_s: [67377.661, 56060.919, 48651.533],
      site_lat_p50_ms: [0.227, 0.064, 0.072],
      site_lat_p99_ms: [0.858, 0.165, 0.569],
    }),
  ];
}

/** A Docker Desktop target: redis in the container and across two containers (that article's Docker numbers), http in every place. */
function dockerTarget(): TargetRun {
  const http = (place: TestResult['place'], rps: number, site: number): TestResult =>
    measured('http', place, 'wrk', {
      req_per_s: [rps, rps * 0.98, rps * 1.02],
      lat_p50_ms: [0.9, 0.85, 0.95],
      lat_p99_ms: [6.1, 5.8, 6.4],
      site_req_per_s: [site, site * 0.97, site * 1.01],
      site_lat_p50_ms: [0.4, 0.38, 0.41],
      site_lat_p99_ms: [2.2, 2.1, 2.5],
    });
  return {
    id: 'docker-desktop',
    runtime: 'docker-desktop',
    label: 'Docker Desktop',
    status: 'partial',
    settings: { vmType: 'vz', mountType: 'virtiofs', engine: 'moby' },
    probe: null,
    results: [
      measured('net', 'guest', 'iperf3', { tx_Mbps: [2210.5, 2301.2, 2188.0], rx_Mbps: [3120.4, 3055.9, 3180.1] }),
      measured('redis', 'guest', 'redis-benchmark', {
        set_rps_tcp: [52002.08, 51010.3, 52990.1],
        get_rps_tcp: [48100.05, 47700.2, 48500.9],
        set_rps_unix: [90415.91, 89900.5, 91002.7],
        get_rps_unix: [82576.38, 81990.1, 83100.4],
        set_rps_remote: [37792.89, 37001.5, 38300.2],
        get_rps_remote: [37411.15, 36900.8, 37990.3],
      }),
      http('shared', 1500, 900),
      http('guest', 30000, 45000),
    ],
    errors: [{ test: 'http', place: 'volume', code: 'tool-missing', message: 'nginx not found in this target' }],
  };
}

function serviceRun(id: string, startedAt: string, extra: TargetRun[] = []): Run {
  const run = makeRun(id, startedAt, localResults());
  run.tests = ['net', 'redis', 'http'];
  run.targets.push(...extra);
  return run;
}

// ---- reading the markup ----

interface Cell {
  tag: string;
  text: string;
  title: string | null;
  attrs: string;
}

const decode = (s: string): string =>
  s
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/** The rows of one service table (by test) in one section (by target id): header row first. */
function tableRows(html: string, target: string, test: string): Cell[][] {
  const section = html.split('data-testid="service-section"').find((s) => s.includes(`data-target="${target}"`));
  if (!section) throw new Error(`no service section for ${target}`);
  const start = section.indexOf(`data-testid="service-table-${test}"`);
  if (start < 0) throw new Error(`no ${test} table in the ${target} section`);
  const table = section.slice(start, section.indexOf('</table>', start));
  return table
    .split('<tr')
    .slice(1)
    .map((tr) =>
      [...tr.matchAll(/<(th|td)([^>]*)>([\s\S]*?)<\/\1>/g)].map(([, tag, attrs, inner]) => ({
        tag,
        attrs,
        title: /title="([^"]*)"/.exec(inner)?.[1] ? decode(/title="([^"]*)"/.exec(inner)![1]) : null,
        text: decode(inner.replace(/<span class="missing-why">[\s\S]*?<\/span>/g, '').replace(/<[^>]+>/g, ' '))
          .replace(/\s+/g, ' ')
          .trim(),
      })),
    );
}

const texts = (row: Cell[]): string[] => row.map((c) => c.text);

describe('ServiceResults (Results view)', () => {
  it('lays out This machine like the seeds: Redis TCP / unix / across containers with unix/TCP, HTTP native, net both ways', () => {
    const html = renderToStaticMarkup(<ServiceResults run={serviceRun('r1', '2026-11-21T10:00:00.000Z')} />);
    expect(html).toContain('data-testid="service-results"');
    expect(html.match(/data-testid="service-section"/g)).toHaveLength(1);
    expect(html).toMatch(/<h3 class="service-target">This machine<\/h3>/);

    const redis = tableRows(html, 'local', 'redis');
    expect(texts(redis[0])).toEqual(['Measurement', 'TCP', 'unix socket', 'across containers', 'unix / TCP']);
    expect(redis[0].every((c) => c.tag === 'th' && c.attrs.includes('scope="col"'))).toBe(true);
    expect(redis[1][0]).toMatchObject({ tag: 'th', text: 'SET req/s' });
    expect(redis[1][0].attrs).toContain('scope="row"');
    expect(texts(redis[1]).slice(1)).toEqual(['26,567', '88,261', '—', '3.32×']);
    expect(texts(redis[2]).slice(1)).toEqual(['27,300', '83,612', '—', '3.06×']);
    expect(redis[1][3].title).toBe('not measured: only Docker runtimes run a second container');
    expect(redis[1][1].title).toBe('median of 3 (min 25,990, max 27,011)');
    expect(redis[1][4].attrs).toContain('ratio-good');

    const http = tableRows(html, 'local', 'http');
    expect(texts(http[0])).toEqual(['Measurement', 'native']);
    expect(http.slice(1).map(texts)).toEqual([
      ['Static file (64 KiB) req/s', '40,920'],
      ['Static file p50 ms', '0.08'],
      ['Static file p99 ms', '2.1'],
      ['Small site req/s', '56,061'],
      ['Small site p50 ms', '0.07'],
      ['Small site p99 ms', '0.57'],
    ]);

    const net = tableRows(html, 'local', 'net');
    expect(texts(net[0])).toEqual(['Measurement', 'tx: guest → host', 'rx: host → guest']);
    expect(texts(net[1])).toEqual(['native (loopback) Mbit/s', '41,250', '39,876']);
  });

  it('has a visible caption per table and keyboard-reachable reasons for every dash', () => {
    const html = renderToStaticMarkup(<ServiceResults run={serviceRun('r1', '2026-11-21T10:00:00.000Z')} />);
    expect(html).toContain('<caption class="service-caption">Redis requests/s (redis-benchmark) · This machine</caption>');
    expect(html).toContain('<caption class="service-caption">HTTP: nginx + wrk, static file and small site · This machine</caption>');
    const dashes = [
      ...html.matchAll(
        /<span class="missing-cell" tabindex="0" title="([^"]*)" data-testid="missing-cell"><span aria-hidden="true">—<\/span><span class="missing-why">([^<]*)<\/span><\/span>/g,
      ),
    ];
    expect(dashes).toHaveLength(2);
    for (const [, title, why] of dashes) expect(why).toBe(title);
  });

  it('a Docker target: across containers measured, HTTP per place beside the host’s native numbers, shared/guest ratio, errors as reasons', () => {
    const html = renderToStaticMarkup(<ServiceResults run={serviceRun('r2', '2026-11-21T11:00:00.000Z', [dockerTarget()])} />);
    expect([...html.matchAll(/data-target="([^"]+)"/g)].map((m) => m[1])).toEqual(['local', 'docker-desktop']);

    const redis = tableRows(html, 'docker-desktop', 'redis');
    expect(texts(redis[1]).slice(1)).toEqual(['52,002', '90,416', '37,793', '1.74×']);
    expect(texts(redis[2]).slice(1)).toEqual(['48,100', '82,576', '37,411', '1.72×']);

    const http = tableRows(html, 'docker-desktop', 'http');
    expect(texts(http[0])).toEqual(['Measurement', 'shared folder', 'guest disk', 'volume', 'native (This machine)', 'shared / guest']);
    expect(texts(http[1])).toEqual(['Static file (64 KiB) req/s', '1,500', '30,000', '—', '40,920', '0.050×']);
    expect(http[1][3].title).toBe('not measured (tool-missing): nginx not found in this target');
    expect(http[1][5].attrs).toContain('ratio-bad');
    // Latency: shared is slower, and for latency lower is better, so a ratio of 1 means equal and is not "bad" here.
    expect(texts(http[2])).toEqual(['Static file p50 ms', '0.9', '0.9', '—', '0.08', '1.00×']);
    expect(texts(http[4])).toEqual(['Small site req/s', '900', '45,000', '—', '56,061', '0.020×']);

    const net = tableRows(html, 'docker-desktop', 'net');
    expect(texts(net[1])).toEqual(['guest disk Mbit/s', '2,211', '3,120']);
  });

  it('says why a cell is empty: test not in the run, earlier http.sh without the small site, a cancelled run', () => {
    const run = serviceRun('r3', '2026-11-21T12:00:00.000Z');
    const local = run.targets[0];
    const http = local.results.find((r) => r.test === 'http')!;
    for (const m of ['site_req_per_s', 'site_lat_p50_ms', 'site_lat_p99_ms']) delete http.metrics[m];
    run.tests = ['http'];
    local.results = [http];
    const html = renderToStaticMarkup(<ServiceResults run={run} />);
    expect(html).not.toContain('service-table-redis');
    expect(html).not.toContain('service-table-net');
    const rows = tableRows(html, 'local', 'http');
    expect(rows[4][1].title).toMatch(/no small-site numbers \(an earlier http\.sh measured the static file only\)/);

    const docker = dockerTarget();
    docker.results = docker.results.filter((r) => !(r.test === 'http' && r.place === 'shared'));
    const cancelled = { ...serviceRun('r4', '2026-11-21T13:00:00.000Z', [docker]), status: 'cancelled' as const };
    const h2 = tableRows(renderToStaticMarkup(<ServiceResults run={cancelled} />), 'docker-desktop', 'http');
    expect(h2[1][1].title).toBe('not measured: the run was cancelled before this test ran');
    expect(h2[1][5].title).toMatch(
      /^no ratio: it needs both HTTP requests \(Docker Desktop · shared folder\) and HTTP requests \(Docker Desktop · guest disk\)$/,
    );
  });

  it('renders nothing for a run without service results', () => {
    const disk = makeRun('d1', '2026-11-21T09:00:00.000Z', [result('seq-write', 'native', { write_MBps: [1096.6, 733.2, 1343.2] })]);
    expect(renderToStaticMarkup(<ServiceResults run={disk} />)).toBe('');
  });
});

describe('ServiceCompare (Compare view)', () => {
  it('shows the same cells as before → after with the ratio [interval], colored by the verdict', () => {
    const a = serviceRun('a', '2026-11-21T10:00:00.000Z');
    const b = serviceRun('b', '2026-11-21T11:00:00.000Z', [dockerTarget()]);
    delete b.targets[1].results.find((r) => r.test === 'redis')!.metrics.get_rps_remote;
    const redisB = b.targets[0].results.find((r) => r.test === 'redis')!;
    redisB.metrics.set_rps_tcp = { median: 52002.08, min: 51010.3, max: 52990.1, n: 3 }; // native tcp got faster
    redisB.samples.set_rps_tcp = [52002.08, 51010.3, 52990.1];
    const html = renderToStaticMarkup(<ServiceCompare comparison={compareRuns(a, b)} />);
    expect(html).toContain('data-testid="service-compare"');
    expect([...html.matchAll(/data-target="([^"]+)"/g)].map((m) => m[1])).toEqual(['local', 'docker-desktop']);

    const redis = tableRows(html, 'local', 'redis');
    expect(texts(redis[0])).toEqual(['Measurement', 'TCP', 'unix socket', 'across containers', 'unix / TCP']);
    // One change per cell, the row's ratio [interval] as in the table (a derived ratio, without trials, has no interval);
    // before and after are the geometric means of the trials, the figures the ratio is of.
    expect(texts(redis[1]).slice(1)).toEqual(['26,520 → to 51,995 1.96× [1.14–3.37]', '88,117 → to 88,117 1.00× [0.58–1.72]', '—', '3.32× → to 1.69× 0.51×']);
    expect(redis[1][1].attrs).toContain('cmp-better');
    // SET over the unix socket is not redis's voting metric (TCP is): shown, not voting.
    expect(redis[1][2].attrs).toContain('cmp-supporting');
    expect(redis[1][3].title).toBe('not measured: only Docker runtimes run a second container');

    // The Docker target is only in B: each cell says the before is missing, and why.
    const redisD = tableRows(html, 'docker-desktop', 'redis');
    expect(texts(redisD[1]).slice(1)).toEqual(['— → to 51,995', '— → to 90,439', '— → to 37,694', '— → to 1.74×']);
    expect(redisD[1][1].title).toBe('not measured in A (before): that run did not include docker-desktop');
    expect(redisD[1][4].title).toBe('no ratio in A (before): it needs both numbers');
    expect(texts(redisD[2])[3]).toBe('—');
    expect(redisD[2][3].title).toBe('not measured in either run');
    // Compare knows only numbers: the volume (an error in B) has no column; native is the host's, in both runs.
    const httpD = tableRows(html, 'docker-desktop', 'http');
    expect(texts(httpD[0])).toEqual(['Measurement', 'shared folder', 'guest disk', 'native (This machine)', 'shared / guest']);
    expect(texts(httpD[1])).toEqual(['Static file (64 KiB) req/s', '— → to 1,500', '— → to 29,996', '40,383 → to 40,383 1.00× [0.56–1.78]', '— → to 0.050×']);
  });

  it('renders nothing when neither run has service results', () => {
    const a = makeRun('a', '2026-11-21T10:00:00.000Z', [result('seq-write', 'native', { write_MBps: [1000] })]);
    const b = makeRun('b', '2026-11-21T11:00:00.000Z', [result('seq-write', 'native', { write_MBps: [1100] })]);
    expect(renderToStaticMarkup(<ServiceCompare comparison={compareRuns(a, b)} />)).toBe('');
  });
});

describe('service tables in Japanese', () => {
  const ENGLISH = [
    'Services',
    'Measurement',
    'unix socket',
    'across containers',
    'Static file',
    'Small site',
    'TCP throughput',
    'requests/s (',
    'not measured',
    'no ratio',
    'median of',
    'native (',
    'shared / guest',
    'before → after',
    'A (before)',
    'B (after)',
    'guest → host',
  ];

  it('Results: headings, captions, columns, rows and every reason for a dash in Japanese; numbers, units and tool names as they are', () => {
    const run = serviceRun('r2', '2026-11-21T11:00:00.000Z', [dockerTarget()]);
    const html = inLang('ja', () => renderToStaticMarkup(<ServiceResults run={run} />));
    expect(html).toContain('サービス: ネットワーク、Redis、HTTP');
    expect(html).toContain('aria-label="このマシン のサービス"');
    expect(html).toContain('<caption class="service-caption">Redis リクエスト/秒（redis-benchmark） · このマシン</caption>');
    const redis = tableRows(html, 'local', 'redis');
    expect(texts(redis[0])).toEqual(['測定項目', 'TCP', 'unix ソケット', 'コンテナー間', 'unix / TCP']);
    expect(texts(redis[1]).slice(1)).toEqual(['26,567', '88,261', '—', '3.32×']);
    expect(redis[1][1].title).toBe('3 回の中央値（最小 25,990、最大 27,011）');
    expect(redis[1][3].title).toBe('未測定: 2 つ目のコンテナーを動かせるのは Docker 系のランタイムだけです');
    // The reason is also in the cell itself for keyboard and screen-reader users (MissingCell).
    expect(html).toContain('<span class="missing-why">未測定: 2 つ目のコンテナーを動かせるのは Docker 系のランタイムだけです</span>');
    const net = tableRows(html, 'local', 'net');
    expect(texts(net[0])).toEqual(['測定項目', 'tx: ゲスト → ホスト', 'rx: ホスト → ゲスト']);
    expect(texts(net[1])).toEqual(['ネイティブ（ループバック） Mbit/s', '41,250', '39,876']);
    const http = tableRows(html, 'docker-desktop', 'http');
    expect(texts(http[0])).toEqual(['測定項目', '共有フォルダ', 'ゲストディスク', 'ボリューム', 'ネイティブ（このマシン）', '共有 / ゲスト']);
    expect(texts(http[1])).toEqual(['静的ファイル（64 KiB） req/s', '1,500', '30,000', '—', '40,920', '0.050×']);
    // The engine's own error message is quoted as recorded.
    expect(http[1][3].title).toBe('未測定（tool-missing）: nginx not found in this target');
    expect(englishLeft(html.replace('nginx not found in this target', ''), ENGLISH)).toEqual([]);
  });

  it('Results: why a cell is empty, in Japanese (test not in the run, earlier http.sh, a cancelled run, no ratio)', () => {
    const run = serviceRun('r3', '2026-11-21T12:00:00.000Z');
    const http = run.targets[0].results.find((r) => r.test === 'http')!;
    for (const m of ['site_req_per_s', 'site_lat_p50_ms', 'site_lat_p99_ms']) delete http.metrics[m];
    run.tests = ['http'];
    run.targets[0].results = [http];
    const rows = tableRows(
      inLang('ja', () => renderToStaticMarkup(<ServiceResults run={run} />)),
      'local',
      'http',
    );
    expect(rows[4][1].title).toBe('未測定: この http 結果には小規模サイトの数値がありません（以前の http.sh は静的ファイルだけを測定していました）');
    const docker = dockerTarget();
    docker.results = docker.results.filter((r) => !(r.test === 'http' && r.place === 'shared'));
    const cancelled = { ...serviceRun('r4', '2026-11-21T13:00:00.000Z', [docker]), status: 'cancelled' as const };
    const h2 = tableRows(
      inLang('ja', () => renderToStaticMarkup(<ServiceResults run={cancelled} />)),
      'docker-desktop',
      'http',
    );
    expect(h2[1][1].title).toBe('未測定: このテストの前に実行がキャンセルされました');
    expect(h2[1][5].title).toBe(
      '比なし: HTTP リクエスト（Docker Desktop · 共有フォルダ） と HTTP リクエスト（Docker Desktop · ゲストディスク） の両方が必要です',
    );
  });

  it('Compare: before → after cells and the reasons of missing sides in Japanese', () => {
    const a = serviceRun('a', '2026-11-21T10:00:00.000Z');
    const b = serviceRun('b', '2026-11-21T11:00:00.000Z', [dockerTarget()]);
    delete b.targets[1].results.find((r) => r.test === 'redis')!.metrics.get_rps_remote;
    const html = inLang('ja', () => renderToStaticMarkup(<ServiceCompare comparison={compareRuns(a, b)} />));
    expect(html).toContain('サービス: ネットワーク、Redis、HTTP · 変更前 → 変更後');
    expect(html).toContain('aria-label="docker-desktop のサービス（変更前と変更後）"');
    const redisD = tableRows(html, 'docker-desktop', 'redis');
    expect(texts(redisD[0])).toEqual(['測定項目', 'TCP', 'unix ソケット', 'コンテナー間', 'unix / TCP']);
    expect(texts(redisD[1]).slice(1)).toEqual(['— → から 51,995', '— → から 90,439', '— → から 37,694', '— → から 1.74×']);
    expect(redisD[1][1].title).toBe('A（変更前）では未測定: その実行には docker-desktop が含まれていません');
    expect(redisD[1][4].title).toBe('A（変更前）の比なし: 両方の数値が必要です');
    expect(redisD[2][3].title).toBe('どちらの実行でも未測定');
    expect(tableRows(html, 'local', 'redis')[1][3].title).toBe('未測定: 2 つ目のコンテナーを動かせるのは Docker 系のランタイムだけです');
    expect(englishLeft(html, ENGLISH)).toEqual([]);
  });
});
