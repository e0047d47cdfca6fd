import { useEffect, useRef, type JSX, type KeyboardEvent, type ReactNode } from 'react';
import { useUi } from '../lib/use-ui';

const BACKDROP = {
  position: 'fixed',
  inset: 0,
  background: 'rgba(0,0,0,0.45)',
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  zIndex: 100,
} as const;
const BOX = { maxWidth: 'min(760px, 92vw)', maxHeight: '85vh', overflow: 'auto', padding: '1rem' } as const;

/** A modal confirmation (role="dialog"): focus starts on Cancel, Escape or Cancel closes, Tab stays inside. */
export function ConfirmDialog(props: {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  busy?: boolean;
  /** The confirm button is off until what the dialog asks for is given (not "working"). */
  confirmDisabled?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}): JSX.Element {
  const { t } = useUi();
  const cancelRef = useRef<HTMLButtonElement>(null);
  const boxRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const before = document.activeElement as HTMLElement | null;
    cancelRef.current?.focus();
    return () => before?.focus?.();
  }, []);
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>): void => {
    if (e.key === 'Escape') {
      e.stopPropagation();
      props.onCancel();
      return;
    }
    if (e.key !== 'Tab' || !boxRef.current) return;
    const items = Array.from(boxRef.current.querySelectorAll<HTMLElement>('button:not([disabled]), [href], [tabindex]:not([tabindex="-1"])'));
    if (!items.length) return;
    const first = items[0];
    const last = items[items.length - 1];
    if (e.shiftKey && document.activeElement === first) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && document.activeElement === last) {
      e.preventDefault();
      first.focus();
    }
  };
  return (
    <div className="dialog-backdrop" style={BACKDROP} onClick={(e) => e.target === e.currentTarget && props.onCancel()}>
      <div ref={boxRef} className="dialog card" style={BOX} role="dialog" aria-modal="true" aria-labelledby="confirm-dialog-title" onKeyDown={onKeyDown}>
        <h2 id="confirm-dialog-title">{props.title}</h2>
        <div className="dialog-body">{props.children}</div>
        <div className="dialog-actions">
          <button ref={cancelRef} type="button" className="btn" onClick={props.onCancel}>
            {t('common.cancel')}
          </button>
          <button type="button" className="btn btn-accent primary" disabled={props.busy || props.confirmDisabled} onClick={props.onConfirm}>
            {props.busy ? t('common.working') : props.confirmLabel}
          </button>
        </div>
      </div>
    </div>
  );
}
