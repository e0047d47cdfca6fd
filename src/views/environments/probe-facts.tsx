import type { JSX } from 'react';
import { useUi } from '../../lib/use-ui';
import type { ProbeInfo } from '../../../electron/contract/contract.js';
import { MISSING } from '../../../electron/presentation/format.js';
import { fmtMiB } from '../../lib/format';
import { FioMissing } from './fio-missing';

/** What the probe found: OS, kernel, CPU, memory, test-dir filesystem and free space, tool versions. */
export function ProbeFacts({ probe }: { probe: ProbeInfo }): JSX.Element {
  const { t } = useUi();
  const tools = Object.entries(probe.tools ?? {});
  const rows: [string, string][] = [
    [t('probe.os'), probe.os || MISSING],
    [t('probe.kernel'), `${probe.kernel || MISSING}${probe.arch ? ` (${probe.arch})` : ''}`],
    ['CPU', probe.cpuModel ?? MISSING],
    [t('probe.cpus'), String(probe.cpus)],
    [t('probe.memory'), fmtMiB(probe.memMiB)],
    [t('probe.testDir'), t('probe.free', { fs: probe.dirFsType ?? MISSING, free: fmtMiB(probe.freeMiB) })],
  ];
  return (
    <section className="card-section">
      <h3 className="section-title">{t('probe.system')}</h3>
      <dl className="kv facts" data-testid="probe-facts">
        {rows.map(([k, v]) => (
          <div key={k} className="kv-row">
            <dt>{k}</dt>
            <dd>{v}</dd>
          </div>
        ))}
      </dl>
      {tools.length > 0 ? (
        <ul className="tools" aria-label={t('probe.tools')} data-testid="tool-versions">
          {tools.map(([name, version]) => (
            <li key={name} className={version ? 'tool' : 'tool tool-missing'}>
              <span className="tool-name">{name}</span>
              <span className="tool-version">{version ?? t('probe.notFound')}</span>
            </li>
          ))}
        </ul>
      ) : null}
      <FioMissing probe={probe} />
    </section>
  );
}
