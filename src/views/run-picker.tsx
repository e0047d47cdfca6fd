import type { JSX } from 'react';
import type { RunSummary } from '../../electron/contract';
import { fmtDate } from '../lib/format';
import { newestFirst } from '../store/compare-pick';

/** A labelled <select> of runs, newest first. */
export function RunPicker(props: {
  label: string;
  runs: RunSummary[];
  value: string | null;
  onChange: (id: string) => void;
  testId: string;
  allowNone?: string;
}): JSX.Element {
  return (
    <label className="field">
      <span className="field-label">{props.label}</span>
      <select data-testid={props.testId} value={props.value ?? ''} onChange={(e) => props.onChange(e.target.value)}>
        {props.allowNone !== undefined || !props.value ? <option value="">{props.allowNone ?? 'Choose a run'}</option> : null}
        {newestFirst(props.runs).map((r) => (
          <option key={r.id} value={r.id}>
            {fmtDate(r.startedAt)} · {r.suite} · {r.status}
          </option>
        ))}
      </select>
    </label>
  );
}
