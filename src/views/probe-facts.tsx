import type { JSX } from 'react';
import type { ProbeInfo } from '../../electron/contract';
import { fmtMiB } from '../lib/format';
import { FioMissing } from './fio-missing';

/** What the probe found: OS, kernel, CPU, memory, test-dir filesystem and free space, tool versions. */
export function ProbeFacts({ probe }: { probe: ProbeInfo }): JSX.Element {
  const tools = Object.entries(probe.tools ?? {});
  const rows: [string, string][] = [
    ['OS', probe.os || '—'],
    ['Kernel', `${probe.kernel || '—'}${probe.arch ? ` (${probe.arch})` : ''}`],
    ['CPU', probe.cpuModel ?? '—'],
    ['CPUs', String(probe.cpus)],
    ['Memory', fmtMiB(probe.memMiB)],
    ['Test dir', `${probe.dirFsType ?? '—'} · ${fmtMiB(probe.freeMiB)} free`],
  ];
  return (
    <section className="card-section">
      <h3 className="section-title">System</h3>
      <dl className="kv facts" data-testid="probe-facts">
        {rows.map(([k, v]) => (
          <div key={k} className="kv-row">
            <dt>{k}</dt>
            <dd>{v}</dd>
          </div>
        ))}
      </dl>
      {tools.length > 0 ? (
        <ul className="tools" aria-label="Tools" data-testid="tool-versions">
          {tools.map(([name, version]) => (
            <li key={name} className={version ? 'tool' : 'tool tool-missing'}>
              <span className="tool-name">{name}</span>
              <span className="tool-version">{version ?? 'not found'}</span>
            </li>
          ))}
        </ul>
      ) : null}
      <FioMissing probe={probe} />
    </section>
  );
}
