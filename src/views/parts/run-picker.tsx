import type { JSX } from 'react';
import type { TFunction } from 'i18next';
import { useUi } from '../../lib/use-ui';
import type { RunSummary } from '../../../electron/contract/contract.js';
import { fmtDate } from '../../lib/format';
import { newestFirst, sharesMetrics } from '../../store/compare-pick';

/** What a run measured, in a word: its suite, or "your command" for a run of the user's command (it runs no suite). */
export function runKind(run: Pick<RunSummary, 'suite' | 'command'>, t: TFunction<'ui'>): string {
  return run.command ? t('common:commandLine.kind') : t(`common:suite.${run.suite}`);
}

/**
 * Short, distinct labels of runs, in the order given: its name if it has one, its start in local time with the
 * zone (the one formatter, fmtDate), its suite (or that it timed the user's command), and its status unless it completed. Two runs that would read
 * the same get their place among them, (1), (2). The tests a run measured are left to the view it opens.
 */
export function runOptionLabels(runs: RunSummary[], t: TFunction<'ui'>): string[] {
  const base = runs.map((r) =>
    [r.name, fmtDate(r.startedAt), runKind(r, t), r.status === 'completed' ? '' : t(`status.${r.status}`)].filter(Boolean).join(' · '),
  );
  const seen = new Map<string, number>();
  return base.map((b) => {
    if (base.indexOf(b) === base.lastIndexOf(b)) return b;
    const n = (seen.get(b) ?? 0) + 1;
    seen.set(b, n);
    return `${b}${t('picker.nth', { n })}`;
  });
}

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
  const sorted = newestFirst(props.runs);
  const labels = runOptionLabels(sorted, t);
  return (
    <label className="field">
      <span className="field-label">{props.label}</span>
      <select data-testid={props.testId} value={props.value ?? ''} onChange={(e) => props.onChange(e.target.value)}>
        {props.allowNone !== undefined || !props.value ? <option value="">{props.allowNone ?? t('picker.choose')}</option> : null}
        {sorted.map((r, i) => (
          <option key={r.id} value={r.id}>
            {labels[i]}
            {other && other.id !== r.id && !sharesMetrics(r, other) ? t('picker.nothingInCommon') : ''}
          </option>
        ))}
      </select>
    </label>
  );
}
