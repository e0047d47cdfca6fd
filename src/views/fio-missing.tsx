import type { JSX } from 'react';
import type { ProbeInfo } from '../../electron/contract';
import { installCommand } from '../lib/install-command';

/** When fio is missing: what falls back (and what is skipped), and the command that installs it on this OS. */
export function FioMissing({ probe }: { probe: ProbeInfo }): JSX.Element | null {
  if (!probe.tools || !('fio' in probe.tools) || probe.tools.fio) return null;
  const cmd = installCommand(probe.os, 'fio');
  return (
    <div className="notice notice-warn" role="note" data-testid="fio-missing">
      <p>
        <strong>fio is not installed here.</strong> Sequential read and write fall back to dd (throughput only, no latency percentiles); random reads (4k IOPS and
        latency) are skipped; small files need no fio.
      </p>
      <p>
        {cmd ? (
          <>
            Install it with <code data-testid="fio-install">{cmd}</code>, then press Refresh.
          </>
        ) : (
          <>Install the package “fio” with your system’s package manager, then press Refresh.</>
        )}
      </p>
    </div>
  );
}
