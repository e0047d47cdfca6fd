import { useState, type JSX } from 'react';
import type { Run } from '../../../electron/contract/contract.js';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { useUi } from '../../lib/use-ui';
import { startCommand } from '../../store/command-actions';
import { rerunSpec, useCommandForm } from '../../store/command-form';

/**
 * Running an imported run's command again: the command is shown as it is, and runs only once the user has typed or pasted that
 * exact text (rerunSpec compares it), in a project folder of theirs (the form's, by default).
 */
export function RerunConfirm({ run, command, onClose }: { run: Run; command: string; onClose: () => void }): JSX.Element {
  const { t } = useUi();
  const [typed, setTyped] = useState('');
  const [project, setProject] = useState(() => useCommandForm.getState().fields.project);
  const checked = rerunSpec(run, { confirmed: typed, project });
  const mismatch = typed !== '' && !checked.ok && checked.why === 'confirm';
  return (
    <ConfirmDialog
      title={t('command.results.confirmTitle')}
      confirmLabel={t('command.results.confirmRun')}
      confirmDisabled={!checked.ok}
      onCancel={onClose}
      onConfirm={() => {
        if (!checked.ok) return;
        onClose();
        void startCommand(checked.spec);
      }}
    >
      <p>{t('command.results.confirmBody')}</p>
      <pre className="mono small command-confirm-text" data-testid="rerun-command-text">
        {command}
      </pre>
      <div className="field">
        <label className="field-label" htmlFor="rerun-typed">
          {t('command.results.confirmType')}
        </label>
        <input
          id="rerun-typed"
          data-testid="rerun-typed"
          className="mono"
          value={typed}
          spellCheck={false}
          autoComplete="off"
          aria-invalid={mismatch || undefined}
          aria-describedby={mismatch ? 'rerun-mismatch' : undefined}
          onChange={(e) => setTyped(e.target.value)}
        />
        {mismatch ? (
          <span id="rerun-mismatch" className="field-problem">
            {t('command.results.confirmMismatch')}
          </span>
        ) : null}
      </div>
      <div className="field">
        <label className="field-label" htmlFor="rerun-project">
          {t('command.results.confirmProject')}
        </label>
        <input
          id="rerun-project"
          data-testid="rerun-project"
          className="mono"
          value={project}
          spellCheck={false}
          autoComplete="off"
          onChange={(e) => setProject(e.target.value)}
        />
        {!checked.ok && checked.why === 'project' ? <span className="field-hint muted">{t('command.results.needsProject')}</span> : null}
      </div>
    </ConfirmDialog>
  );
}
