// iperf3 -J -> samples, replayed on real iperf 3.12 output captured here (tests/fixtures/iperf3/README.md).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { iperf3Samples } from '../../electron/engine/bench/iperf3.js';

const text = (name: string): string => readFileSync(new URL(`../fixtures/iperf3/${name}.json`, import.meta.url), 'utf8');

describe('iperf3Samples on real iperf 3.12 output', () => {
  it('a forward run is tx_Mbps from end.sum_received in 10^6 bit/s', () => {
    const s = iperf3Samples(JSON.parse(text('forward-3.12')));
    expect(s).toEqual([{ metric: 'tx_Mbps', value: 25491310281.954548 / 1e6 }]);
  });

  it('a reverse (-R) run with 2 streams is rx_Mbps, the summed streams', () => {
    const s = iperf3Samples(text('reverse-P2-3.12'));
    expect(s).toEqual([{ metric: 'rx_Mbps', value: 25952608864.8787 / 1e6 }]);
  });

  it('a refused connection is an error with iperf3 own message', () => {
    expect(() => iperf3Samples(text('refused-3.12'))).toThrow(/Connection refused/);
  });

  it('truncated or foreign JSON is refused with a clear message', () => {
    expect(() => iperf3Samples(text('forward-3.12').slice(0, 200))).toThrow(/not valid JSON/);
    expect(() => iperf3Samples({ jobs: [] })).toThrow(/unexpected shape/);
  });
});
