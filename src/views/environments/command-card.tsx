import { useEffect, useState, type JSX } from 'react';
import type { CommandReach } from '../../../electron/contract/contract.js';
import { errorText } from '../../../electron/messages/error-text.js';
import { MISSING } from '../../../electron/presentation/format.js';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { Icon } from '../../lib/icons';
import { PLACE_LABEL } from '../../lib/metrics';
import { useLang, useUi } from '../../lib/use-ui';
import { useAppStore } from '../../store/app-store';
import { checkReach, offeredPlaces, submitCommandForm } from '../../store/command-actions';
import { useCommandForm, type CommandFields } from '../../store/command-form';

/** A text field of the form with its label, hint and problem (tied to it by aria-describedby). */
function Field(props: {
  id: keyof CommandFields;
  label: string;
  hint?: string;
  placeholder?: string;
  mono?: boolean;
  narrow?: boolean;
  disabled: boolean;
}): JSX.Element {
  const { t } = useUi();
  const value = useCommandForm((s) => s.fields[props.id]) as string;
  const problem = useCommandForm((s) => s.problems.find((p) => p.field === props.id));
  const set = useCommandForm((s) => s.set);
  const id = `command-${props.id}`;
  const described = [props.hint ? `${id}-hint` : '', problem ? `${id}-problem` : ''].filter(Boolean).join(' ');
  return (
    <div className={`field command-field${props.narrow ? ' narrow' : ''}`}>
      <label className="field-label" htmlFor={id}>
        {props.label}
      </label>
      <input
        id={id}
        data-testid={id}
        className={props.mono ? 'mono' : undefined}
        value={value}
        placeholder={props.placeholder}
        spellCheck={false}
        autoComplete="off"
        disabled={props.disabled}
        aria-invalid={problem ? true : undefined}
        aria-describedby={described || undefined}
        onChange={(e) => set({ [props.id]: e.target.value })}
      />
      {props.hint ? (
        <span id={`${id}-hint`} className="field-hint muted">
          {props.hint}
        </span>
      ) : null}
      {problem ? (
        <span id={`${id}-problem`} className="field-problem" data-testid={`${id}-problem`}>
          {t(`command.error.${problem.key}`, problem.params ?? {})}
        </span>
      ) : null}
    </div>
  );
}

/** How long the form waits after the last keystroke in the folder field before asking which targets can see it. */
const REACH_DELAY_MS = 400;

/**
 * The chosen targets that cannot see the project folder, and those that see it on their guest disk only, in a copy uploaded into
 * the VM (the engine's answer, asked a moment after the folder or the targets change).
 */
function useReach(project: string, targets: string[]): CommandReach['targets'] {
  const [answer, setAnswer] = useState<{ key: string; targets: CommandReach['targets'] }>({ key: '', targets: [] });
  const key = `${project}\n${targets.join()}`;
  useEffect(() => {
    let current = true;
    const timer = setTimeout(() => {
      void checkReach(project, targets).then((found) => {
        if (current) setAnswer({ key, targets: found });
      });
    }, REACH_DELAY_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` is the folder and the targets
  }, [key]);
  return answer.key === key ? answer.targets : [];
}

/** "Your own command": a project folder, the command and its options, the places; times it in every place beside native. */
export function CommandCard(): JSX.Element {
  const { t } = useUi();
  const lang = useLang();
  const fields = useCommandForm((s) => s.fields);
  const set = useCommandForm((s) => s.set);
  const refusal = useCommandForm((s) => s.refusal);
  const [asking, setAsking] = useState(false);
  const busy = useAppStore((s) => s.starting || Boolean(s.activeJobId && (s.jobs.jobs[s.activeJobId]?.status ?? 'running') === 'running'));
  // The places of the targets chosen on the cards below (This machine's native always).
  useAppStore((s) => s.selectedTargets.join() + (s.detect?.runtimes.length ?? 0));
  const selected = useAppStore((s) => s.selectedTargets);
  const reach = useReach(fields.project, selected);
  const leftOut = reach.filter((x) => x.leftOut);
  const guestOnly = reach.filter((x) => x.guestOnly && !x.leftOut);
  // A target left out offers no place to the run; one that measures its guest disk only offers that place alone.
  const places = offeredPlaces(
    leftOut.map((x) => x.id),
    Object.fromEntries(guestOnly.map((x) => [x.id, x.places])),
  );
  return (
    <details className="card command-card" data-testid="command-card" open={Boolean(fields.project) || undefined}>
      <summary>
        <span className="command-card-title">{t('command.title')}</span>
        <span className="muted">{t('command.sub')}</span>
      </summary>
      <form
        className="command-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submitCommandForm();
        }}
      >
        <div className="command-row">
          <Field id="project" label={t('command.project')} hint={t('command.projectHint')} placeholder={t('command.projectPlaceholder')} mono disabled={busy} />
        </div>
        <div className="command-row">
          <Field id="command" label={t('command.command')} placeholder="npm ci" mono disabled={busy} />
          <Field id="prepare" label={t('command.prepare')} placeholder={t('command.preparePlaceholder')} mono disabled={busy} />
        </div>
        <div className="command-row">
          <Field id="cleanup" label={t('command.cleanup')} placeholder={t('command.cleanupPlaceholder')} mono disabled={busy} />
          <Field id="exclude" label={t('command.exclude')} hint={t('command.excludeHint')} placeholder={t('command.excludePlaceholder')} mono disabled={busy} />
        </div>
        <div className="command-row">
          <Field id="warmup" label={t('command.warmup')} placeholder="1" narrow disabled={busy} />
          <Field id="runs" label={t('command.runs')} hint={t('command.runsHint')} placeholder={t('command.runsAuto')} narrow disabled={busy} />
        </div>
        <fieldset className="command-places">
          <legend className="field-label">{t('command.places')}</legend>
          {places.map((p) => (
            <label key={p} className="field-inline">
              <input
                type="checkbox"
                data-testid={`command-place-${p}`}
                checked={p === 'native' || !fields.skipPlaces.includes(p)}
                disabled={busy || p === 'native'}
                onChange={(e) => set({ skipPlaces: e.target.checked ? fields.skipPlaces.filter((x) => x !== p) : [...fields.skipPlaces, p] })}
              />
              <span>{PLACE_LABEL[p]}</span>
              {p === 'native' ? <span className="muted small">{t('command.nativeAlways')}</span> : null}
            </label>
          ))}
        </fieldset>
        {leftOut.length ? (
          <div className="notice notice-warn command-left-out" data-testid="command-left-out" role="status">
            {leftOut.map((x) => (
              <p key={x.id} data-target={x.id}>
                {errorText({ ref: x.leftOut }, lang)}
              </p>
            ))}
          </div>
        ) : null}
        {guestOnly.length ? (
          <div className="notice command-guest-only" data-testid="command-guest-only" role="status">
            {guestOnly.map((x) => (
              <p key={x.id} data-target={x.id}>
                {errorText({ ref: x.guestOnly }, lang)}
              </p>
            ))}
          </div>
        ) : null}
        <label className="field-inline command-in-place">
          <input
            type="checkbox"
            data-testid="command-in-place"
            checked={fields.inPlace}
            disabled={busy}
            onChange={(e) => (e.target.checked ? setAsking(true) : set({ inPlace: false }))}
          />
          <span>{t('command.inPlace')}</span>
          <span className="muted small">{fields.inPlace ? t('command.inPlaceOn') : t('command.copyDefault')}</span>
        </label>
        {refusal ? (
          <p className="field-problem" role="alert" data-testid="command-refusal">
            {errorText(refusal, lang)}
          </p>
        ) : null}
        <div className="command-actions">
          <button type="submit" className="btn btn-primary" data-testid="command-start" disabled={busy}>
            <Icon name="play" />
            {t('command.start')}
          </button>
        </div>
      </form>
      {asking ? (
        <ConfirmDialog
          title={t('command.inPlaceTitle')}
          confirmLabel={t('command.inPlaceConfirm')}
          onCancel={() => setAsking(false)}
          onConfirm={() => {
            setAsking(false);
            set({ inPlace: true });
          }}
        >
          <p data-testid="in-place-confirm-text">{t('command.inPlaceBody', { project: fields.project || MISSING })}</p>
        </ConfirmDialog>
      ) : null}
    </details>
  );
}
