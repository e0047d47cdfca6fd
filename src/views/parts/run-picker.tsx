import type { JSX } from 'react';
import { useUi } from '../../lib/use-ui';
import type { RunSummary } from '../../../electron/contract/contract.js';
import { fmtDate } from '../../lib/format';
import { newestFirst, sharesMetrics } from '../../store/compare-pick';

/** A labelled <select> of runs, newest first; with `other`, runs that share no metric with it are flagged. */
export function RunPicker(props: {
  label: string;
  runs: RunSummary[];
  value: string | null;
  onChange: (id: string) => void;
  testId: string;
  allowNone?: string;
  other?: string | null;
}): JSX.Element {
  const { t } = useUi();
  const other = props.runs.find((r) => r.id === props.other);
  return (
    <label className="field">
      <span className="field-label">{props.label}</span>
      <select data-testid={props.testId} value={props.value ?? ''} onChange={(e) => props.onChange(e.target.value)}>
        {props.allowNone !== undefined || !props.value ? <option value="">{props.allowNone ?? t('picker.choose')}</option> : null}
        {newestFirst(props.runs).map((r) => (
          <option key={r.id} value={r.id}>
            {r.name ? `${r.name} · ` : ''}
            {fmtDate(r.startedAt)} · {t(`common:suite.${r.suite}`)} · {t(`status.${r.status}`)} · {r.tests.map((id) => t(`common:test.${id}`)).join(', ')}
            {other && other.id !== r.id && !sharesMetrics(r, other) ? t('picker.nothingInCommon') : ''}
          </option>
        ))}
      </select>
    </label>
  );
}
