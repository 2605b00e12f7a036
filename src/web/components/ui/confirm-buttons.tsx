import type { Ref } from 'react';
import { busyLook } from './busy-look';

type ConfirmButtonsProps = {
  cancelLabel: string;
  confirmLabel: string;
  /** Shown on the confirm button while the operation is on its way: 'Sending…'. */
  busyLabel: string;
  busy: boolean;
  /** Red for what cannot be undone (declining, cancelling, disabling), the brand colour otherwise. */
  tone: 'primary' | 'error';
  size: 'sm' | 'md';
  /**
   * Focus starts on Cancel, so that a second Enter cannot send: on mount (`focusCancel`), or by
   * the caller through `cancelRef` once what it confirms is on screen (a dialog, once open).
   */
  focusCancel?: boolean;
  cancelRef?: Ref<HTMLButtonElement>;
  /** Leaves out the confirm button, while what happened is being found out. */
  withoutConfirm?: boolean;
  onCancel: () => void;
  onConfirm: () => void;
};

const looks = { primary: `btn-primary ${busyLook.primary}`, error: `btn-error ${busyLook.error}` } as const;

/**
 * The last step before money moves or a decision is taken, for the customer's forms and the
 * staff's dialogs alike: Cancel, then the confirm button, which says what it does. Both lock from
 * the first press until the answer, and the confirm button shows progress meanwhile.
 */
export function ConfirmButtons({ cancelLabel, confirmLabel, busyLabel, busy, tone, size, focusCancel = false, cancelRef, withoutConfirm = false, onCancel, onConfirm }: ConfirmButtonsProps) {
  const sizeClass = size === 'sm' ? 'btn-sm' : '';
  return (
    <div className="flex flex-wrap justify-end gap-2">
      <button ref={cancelRef} type="button" className={`btn btn-ghost ${sizeClass}`} onClick={onCancel} disabled={busy} autoFocus={focusCancel}>
        {cancelLabel}
      </button>
      {withoutConfirm ? null : (
        <button type="button" className={`btn ${sizeClass} ${looks[tone]}`} onClick={onConfirm} disabled={busy} aria-busy={busy}>
          {busy ? <span className={`loading loading-spinner ${size === 'sm' ? 'loading-xs' : 'loading-sm'}`} aria-hidden="true" /> : null}
          {busy ? busyLabel : confirmLabel}
        </button>
      )}
    </div>
  );
}
