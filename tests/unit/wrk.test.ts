// wrk + the Lua done() of http.sh -> samples, replayed on real wrk 4.1.0 output (tests/fixtures/wrk/README.md).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { StepCollector } from '../../electron/engine/bench/step-collector.js';
import { wrkSamples } from '../../electron/engine/bench/wrk.js';
import { metricInfo } from '../../electron/measurement/metrics.js';

const text = (name: string): string => readFileSync(new URL(`../fixtures/wrk/${name}.txt`, import.meta.url), 'utf8');
const reportOf = (name: string): unknown =>
  JSON.parse(
    text(name)
      .split('\n')
      .find((l) => l.startsWith('{'))!,
  );

describe('wrkSamples on real wrk 4.1.0 output', () => {
  it('the static file ("kind":"static"): req_per_s and latency p50/p99 in ms', () => {
    expect(wrkSamples(text('static-kind-4.1.0'))).toEqual([
      { metric: 'req_per_s', value: 44228.488 },
      { metric: 'lat_p50_ms', value: 0.264 },
      { metric: 'lat_p99_ms', value: 3.71 },
    ]);
  });

  it('the small site ("kind":"site"): the same numbers under site_*', () => {
    expect(wrkSamples(text('site-4.1.0'))).toEqual([
      { metric: 'site_req_per_s', value: 67377.661 },
      { metric: 'site_lat_p50_ms', value: 0.227 },
      { metric: 'site_lat_p99_ms', value: 0.858 },
    ]);
  });

  it('a report without "kind" (an earlier http.sh) is the static file', () => {
    expect(wrkSamples(text('static-4.1.0'))).toEqual([
      { metric: 'req_per_s', value: 33277.43 },
      { metric: 'lat_p50_ms', value: 0.417 },
      { metric: 'lat_p99_ms', value: 52.157 },
    ]);
  });

  it('the parsed report object (as in the tool-output event) gives the same', () => {
    expect(wrkSamples(reportOf('static-4.1.0'))[0]).toEqual({ metric: 'req_per_s', value: 33277.43 });
    expect(wrkSamples(reportOf('site-4.1.0'))[0]).toEqual({ metric: 'site_req_per_s', value: 67377.661 });
  });

  it('a run of 404s is refused, naming what it measured', () => {
    expect(() => wrkSamples(text('status-404-4.1.0'))).toThrow(/96751 non-2xx.*static file/);
    expect(() => wrkSamples(text('site-404-4.1.0'))).toThrow(/113421 non-2xx\/3xx responses out of 113421 \(the small site\)/);
  });

  it('an unknown kind or text without the report line is refused', () => {
    expect(() => wrkSamples({ ...(reportOf('site-4.1.0') as object), kind: 'dynamic' })).toThrow(/unexpected shape at "kind"/);
    expect(() => wrkSamples('Running 2s test @ http://127.0.0.1:1/\n')).toThrow(/no JSON report line/);
  });

  it('the catalogue labels the site metrics like the static ones', () => {
    expect(metricInfo('site_req_per_s')).toEqual({ label: 'HTTP small-site requests', unit: 'req/s', direction: 'higher' });
    expect(metricInfo('site_lat_p99_ms')).toEqual({ label: 'HTTP small-site latency p99', unit: 'ms', direction: 'lower' });
  });
});

describe('StepCollector on http.sh tool-outputs', () => {
  it('one trial of each kind gives both sets of metrics; a failed site run keeps the static numbers and says why', () => {
    const c = new StepCollector('http', 'native', () => undefined);
    const out = (trial: number, data: unknown) => ({ event: 'tool-output' as const, test: 'http' as const, trial, tool: 'wrk', format: 'json' as const, data });
    c.onEvent(out(1, reportOf('static-kind-4.1.0')));
    c.onEvent(out(1, reportOf('site-4.1.0')));
    c.onEvent(out(2, reportOf('static-4.1.0')));
    c.onEvent(out(2, reportOf('site-404-4.1.0')));
    c.onEvent({ event: 'end' });
    const { result, errors } = c.finish({ exitCode: 0, cancelled: false, timedOut: false });
    expect(result?.metrics.req_per_s).toEqual({ median: (44228.488 + 33277.43) / 2, min: 33277.43, max: 44228.488, n: 2 });
    expect(result?.metrics.site_req_per_s).toEqual({ median: 67377.661, min: 67377.661, max: 67377.661, n: 1 });
    expect(Object.keys(result?.metrics ?? {}).sort()).toEqual([
      'lat_p50_ms',
      'lat_p99_ms',
      'req_per_s',
      'site_lat_p50_ms',
      'site_lat_p99_ms',
      'site_req_per_s',
    ]);
    expect(errors.map((e) => [e.code, e.message])).toEqual([
      ['bad-output', "Could not read wrk's output: wrk got 113421 non-2xx/3xx responses out of 113421 (the small site)"],
    ]);
  });
});
