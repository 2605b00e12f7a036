import { useEffect, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { actionErrorMessage } from './action-error';

/** A decision waiting for the staff member's confirmation; `run` performs it and shows its toast. */
export type ConfirmRequest = { title: string; body: string; confirmLabel: string; tone: 'primary' | 'error'; run: () => Promise<void> };

/**
 * Every approval and deletion is confirmed first: approvals move money or issue cards, and
 * deletions cannot be undone. A refused action shows the server's reason in an error toast
 * (for example 'This deposit has already been approved' when a colleague was faster).
 */
export function ConfirmDialog({ request, onClose }: { request: ConfirmRequest | null; onClose: () => void }) {
  const { t } = useTranslation();
  const dialog = useRef<HTMLDialogElement>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const element = dialog.current;
    if (element && request && !element.open) element.showModal();
  }, [request]);

  const confirm = async () => {
    if (!request) return;
    setBusy(true);
    try {
      await request.run();
    } catch (error) {
      toast.error(actionErrorMessage(error, t));
    } finally {
      setBusy(false);
      dialog.current?.close();
    }
  };

  return (
    <dialog
      ref={dialog}
      className="modal modal-bottom sm:modal-middle"
      aria-labelledby="confirm-title"
      aria-describedby="confirm-body"
      onClose={onClose}
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
          <div className="modal-action">
            <button type="button" className="btn btn-ghost" disabled={busy} onClick={() => dialog.current?.close()}>
              {t('dashboard.list.cancel')}
            </button>
            <button type="button" className={`btn ${request.tone === 'error' ? 'btn-error' : 'btn-primary'}`} disabled={busy} onClick={() => void confirm()}>
              {busy ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
              {busy ? t('dashboard.list.working') : request.confirmLabel}
            </button>
          </div>
        </div>
      ) : null}
    </dialog>
  );
}
