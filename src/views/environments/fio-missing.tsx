import type { JSX } from 'react';
import { Trans } from 'react-i18next';
import { useUi } from '../../lib/use-ui';
import type { ProbeInfo } from '../../../electron/contract/contract.js';
import { installCommand } from '../../lib/install-command';

/** When fio is missing: what falls back (and what is skipped), and the command that installs it on this OS. */
export function FioMissing({ probe }: { probe: ProbeInfo }): JSX.Element | null {
  const { t } = useUi();
  if (!probe.tools || !('fio' in probe.tools) || probe.tools.fio) return null;
  const cmd = installCommand(probe.os, 'fio');
  return (
    <div className="notice notice-warn" role="note" data-testid="fio-missing">
      <p>
        <Trans t={t} i18nKey="fio.missing" components={{ b: <strong /> }} />
      </p>
      <p>
        {cmd ? (
          <>
            <Trans t={t} i18nKey="fio.install" values={{ cmd }} components={{ c: <code data-testid="fio-install" /> }} />
          </>
        ) : (
          <>{t('fio.installAny')}</>
        )}
      </p>
    </div>
  );
}
