import type { JSX } from 'react';
import type { Run } from '../../../electron/contract/contract.js';
import { LatencyChart } from './latency-chart';
import { SmallFilesChart } from './small-files-chart';
import { ThroughputChart } from './throughput-chart';

/** The disk tests' charts of a run (throughput, latency, small files), as Results shows them, stored or live. */
export function DiskCharts({ run }: { run: Run }): JSX.Element {
  return (
    <div className="chart-grid">
      <ThroughputChart run={run} />
      <LatencyChart run={run} />
      <SmallFilesChart run={run} />
    </div>
  );
}
