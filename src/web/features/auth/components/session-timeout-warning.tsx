import { useEffect, useRef } from 'react';
import { sessionIdleSeconds } from '../../../../shared/constants';
import { holdFocusWithin } from '../../../components/ui/hold-focus';
import { useTranslation } from '../../../lib/use-translation';
import { useSessionTimeout } from './use-session-timeout';

/**
 * A minute before the session ends (30 minutes without a request, or 12 hours after sign-in),
 * a dialog counts down and offers to stay signed in. At the end the app signs out by itself,
 * forgets what it showed, and opens the login page saying why, so an unattended phone or a
 * shared computer does not stay in someone's bank.
 */
export default function SessionTimeoutWarning() {
  const { t } = useTranslation();
  const { phase, secondsLeft, limitReached, staying, stay, signOutNow } = useSessionTimeout();
  const dialog = useRef<HTMLDialogElement>(null);
  const stayButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (phase === 'warning' && !element.open) {
      element.showModal();
      stayButton.current?.focus();
    }
    if (phase !== 'warning' && element.open) element.close();
  }, [phase]);

  return (
    <dialog
      ref={dialog}
      role="alertdialog"
      className="modal modal-bottom sm:modal-middle"
      aria-labelledby="session-warning-title"
      aria-describedby="session-warning-body"
      onKeyDown={holdFocusWithin}
      onCancel={(event) => {
        // Escape means "I am here".
        event.preventDefault();
        if (!limitReached) stay();
      }}
    >
      {phase === 'warning' ? (
        <div className="modal-box">
          <h2 id="session-warning-title" className="text-lg font-bold">
            {limitReached ? t('session.limitTitle') : t('session.warningTitle')}
          </h2>
          <p id="session-warning-body" className="py-3 text-base-content/80">
            {limitReached ? t('session.limitBody', { seconds: secondsLeft }) : t('session.warningBody', { seconds: secondsLeft, minutes: sessionIdleSeconds / 60 })}
          </p>
          <div className="modal-action">
            <button type="button" className="btn btn-ghost" onClick={signOutNow}>
              {t('session.signOutNow')}
            </button>
            {limitReached ? null : (
              <button ref={stayButton} type="button" className="btn btn-primary" disabled={staying} aria-busy={staying} onClick={stay}>
                {t('session.stay')}
              </button>
            )}
          </div>
        </div>
      ) : null}
    </dialog>
  );
}
