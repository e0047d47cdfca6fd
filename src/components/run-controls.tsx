import type { JSX } from 'react';
import { useUi } from '../lib/use-ui';
import { SUITES, type Suite } from '../../electron/contract/contract.js';
import { startRun } from '../store/actions';
import { useAppStore } from '../store/app-store';
import { suiteTrialsText } from './run-plan';
import { Icon } from '../lib/icons';

/** Suite selector, options and the primary "Benchmark my setup" button (the header wraps them; the button stays in view). */
export function RunControls(): JSX.Element {
  const { t } = useUi();
  const suite = useAppStore((s) => s.suite);
  const setSuite = useAppStore((s) => s.setSuite);
  const targets = useAppStore((s) => s.selectedTargets);
  const image = useAppStore((s) => s.image);
  const setImage = useAppStore((s) => s.setImage);
  const services = useAppStore((s) => s.services);
  const setServices = useAppStore((s) => s.setServices);
  const devTree = useAppStore((s) => s.devTree);
  const setDevTree = useAppStore((s) => s.setDevTree);
  // Container targets (they offer a docker volume) are the ones an image applies to.
  const containers = useAppStore((s) => (s.detect?.runtimes ?? []).some((r) => r.targets.some((t) => t.places.includes('volume') && targets.includes(t.id))));
  const starting = useAppStore((s) => s.starting);
  const running = useAppStore((s) => (s.activeJobId ? (s.jobs.jobs[s.activeJobId]?.status ?? 'running') === 'running' : false));
  const busy = starting || running;
  return (
    <div className="run-controls">
      <label className="field-inline suite-field">
        <span className="field-label suite-label">{t('controls.suite')}</span>
        <select data-testid="suite-select" aria-label={t('controls.suite')} value={suite} disabled={busy} onChange={(e) => setSuite(e.target.value as Suite)}>
          {SUITES.map((s) => (
            <option key={s} value={s}>
              {t(`suite.${s}`, { trials: suiteTrialsText(s, t) })}
            </option>
          ))}
        </select>
      </label>
      <div className="run-options">
        <label className="field-inline" title={t('controls.devTreeHint')}>
          <input type="checkbox" data-testid="dev-tree-toggle" checked={devTree} disabled={busy} onChange={(e) => setDevTree(e.target.checked)} />
          <span className="field-label">{t('controls.devTree')}</span>
        </label>
        <label className="field-inline" title={t('controls.servicesHint')}>
          <input type="checkbox" data-testid="services-toggle" checked={services} disabled={busy} onChange={(e) => setServices(e.target.checked)} />
          <span className="field-label">{t('controls.services')}</span>
        </label>
      </div>
      {containers ? (
        <label className="field-inline">
          <span className="field-label">{t('controls.image')}</span>
          <input
            data-testid="image-input"
            aria-label={t('controls.imageLabel')}
            placeholder={t('controls.imagePlaceholder')}
            value={image}
            disabled={busy}
            spellCheck={false}
            onChange={(e) => setImage(e.target.value)}
          />
        </label>
      ) : null}
      <button type="button" className="btn btn-primary" data-testid="benchmark-button" disabled={busy} onClick={() => void startRun()}>
        <Icon name="play" />
        {t('controls.start')}
      </button>
    </div>
  );
}
