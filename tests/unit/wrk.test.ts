// wrk + the Lua done() of http.sh -> samples, replayed on real wrk 4.1.0 output (tests/fixtures/wrk/README.md).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { wrkSamples } from '../../electron/engine/bench/wrk.js';

const text = (name: string): string => readFileSync(new URL(`../fixtures/wrk/${name}.txt`, import.meta.url), 'utf8');

describe('wrkSamples on real wrk 4.1.0 output', () => {
  it('req_per_s and latency p50/p99 in ms from the JSON report line', () => {
    expect(wrkSamples(text('static-4.1.0'))).toEqual([
      { metric: 'req_per_s', value: 33277.43 },
      { metric: 'lat_p50_ms', value: 0.417 },
      { metric: 'lat_p99_ms', value: 52.157 },
    ]);
  });

  it('the parsed report object (as in the tool-output event) gives the same', () => {
    const line = text('static-4.1.0').split('\n').find((l) => l.startsWith('{'))!;
    expect(wrkSamples(JSON.parse(line))[0]).toEqual({ metric: 'req_per_s', value: 33277.43 });
  });

  it('a run of 404s is refused: it measured error pages', () => {
    expect(() => wrkSamples(text('status-404-4.1.0'))).toThrow(/96751 non-2xx/);
  });

  it('text without the report line is refused', () => {
    expect(() => wrkSamples('Running 2s test @ http://127.0.0.1:1/\n')).toThrow(/no JSON report line/);
  });
});
