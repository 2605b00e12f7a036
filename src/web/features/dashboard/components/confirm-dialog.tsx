import { useEffect, useRef } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { busyLook } from '../../../components/ui/busy-look';
import { OperationNotice } from '../../../components/ui/operation-notice';
import { useSafeOperation } from '../../../lib/use-safe-operation';
import { actionErrorMessage } from './action-error';

/**
 * A decision waiting for the staff member's confirmation. `run` performs it once with the
 * dialog's Idempotency-Key and shows its success toast; the dialog may call it again with the
 * same key when an answer was lost.
 */
export type ConfirmRequest = {
  /** The id of what is decided on: two decisions with the same words are still two decisions. */
  subject: string;
  title: string;
  body: string;
  confirmLabel: string;
  tone: 'primary' | 'error';
  run: (idempotencyKey: string) => Promise<void>;
};

/**
 * Every approval and deletion is confirmed first: approvals move money or issue cards, and
 * deletions cannot be undone. Focus starts on Cancel; Escape cancels; the confirm button locks
 * from the first press. A refused action shows the server's reason in an error toast (for
 * example 'This deposit has already been approved' when a colleague was faster); a lost answer
 * is settled by resending the same decision, never shown as a refusal.
 */
export function ConfirmDialog({ request, onClose }: { request: ConfirmRequest | null; onClose: () => void }) {
  const { t } = useTranslation();
  const dialog = useRef<HTMLDialogElement>(null);
  const cancelButton = useRef<HTMLButtonElement>(null);
  const decision = useSafeOperation<ConfirmRequest, void>({
    send: (confirmed, key) => confirmed.run(key),
    onDone: () => dialog.current?.close(),
    onRefused: (error) => {
      toast.error(actionErrorMessage(error, t));
      dialog.current?.close();
    },
  });
  const { state, busy } = decision;
  const { ask } = decision;

  useEffect(() => {
    const element = dialog.current;
    if (!element || !request || element.open) return;
    ask(request);
    element.showModal();
    cancelButton.current?.focus();
    // `ask` is a new function on every render; the dialog opens once per request.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [request]);

  return (
    <dialog
      ref={dialog}
      className="modal modal-bottom sm:modal-middle"
      aria-labelledby="confirm-title"
      aria-describedby="confirm-body"
      onClose={() => {
        decision.cancel();
        onClose();
      }}
      onCancel={(event) => {
        if (busy) event.preventDefault();
      }}
    >
      {request ? (
        <div className="modal-box">
          <h2 id="confirm-title" className="text-lg font-bold">
            {request.title}
          </h2>
          <p id="confirm-body" className="py-3 text-base-content/80">
            {request.body}
          </p>
          <OperationNotice state={state} checking={t('dashboard.list.checking')} unknown={t('dashboard.list.unknown')} onCheckAgain={decision.checkAgain} />
          <div className="modal-action">
            <button ref={cancelButton} type="button" className="btn btn-ghost" disabled={busy} onClick={() => dialog.current?.close()}>
              {t('dashboard.list.cancel')}
            </button>
            {state.phase === 'unknown' ? null : (
              <button type="button" className={`btn ${request.tone === 'error' ? `btn-error ${busyLook.error}` : `btn-primary ${busyLook.primary}`}`} disabled={busy} aria-busy={busy} onClick={decision.confirm}>
                {busy ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
                {busy ? t('dashboard.list.working') : request.confirmLabel}
              </button>
            )}
          </div>
        </div>
      ) : null}
    </dialog>
  );
}
