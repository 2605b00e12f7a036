import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { useLocation, useNavigate } from 'react-router';
import { sessionIdleSeconds, sessionWarningSeconds } from '../../../../shared/constants';
import { holdFocusWithin } from '../../../components/ui/hold-focus';
import { sessionEndsAt, subscribeToSessionDeadline } from '../../../lib/session-deadline';
import { getSession, sessionQueryKey, useSession } from '../../../lib/session';
import { forgetSignedInUser, signOut } from '../api/sign-out';

type Phase = 'none' | 'quiet' | 'warning' | 'ended';

function phaseAt(now: number, endsAt: number | null, signedIn: boolean): Phase {
  if (!signedIn || endsAt === null) return 'none';
  if (now >= endsAt) return 'ended';
  return now >= endsAt - sessionWarningSeconds * 1000 ? 'warning' : 'quiet';
}

/** State the login page reads to say why the customer is there. */
type SessionEndedState = { from: string; sessionEnded: true };

/**
 * A minute before the session ends (30 minutes without a request, or 12 hours after sign-in),
 * a dialog counts down and offers to stay signed in. At the end the app signs out by itself,
 * forgets what it showed, and opens the login page saying why, so an unattended phone or a
 * shared computer does not stay in someone's bank.
 */
export default function SessionTimeoutWarning() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const { user } = useSession();
  const endsAt = useSyncExternalStore(subscribeToSessionDeadline, sessionEndsAt, () => null);
  const [now, setNow] = useState(() => Date.now());
  const [limitReached, setLimitReached] = useState(false);
  const [staying, setStaying] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);
  const stayButton = useRef<HTMLButtonElement>(null);
  const phase = phaseAt(now, endsAt, user !== null);

  useEffect(() => {
    const tick = () => setNow(Date.now());
    if (phase === 'quiet' && endsAt !== null) {
      const timer = window.setTimeout(tick, endsAt - sessionWarningSeconds * 1000 - Date.now());
      // A phone asleep runs no timers: the deadline is looked at again when the page is seen.
      document.addEventListener('visibilitychange', tick);
      return () => {
        window.clearTimeout(timer);
        document.removeEventListener('visibilitychange', tick);
      };
    }
    if (phase === 'warning') {
      const timer = window.setInterval(tick, 1000);
      return () => window.clearInterval(timer);
    }
    return undefined;
  }, [phase, endsAt]);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (phase === 'warning' && !element.open) {
      element.showModal();
      stayButton.current?.focus();
    }
    if (phase !== 'warning' && element.open) element.close();
    if (phase !== 'warning') setLimitReached(false);
  }, [phase]);

  const endSession = (reason: 'ended' | 'chosen') => {
    // The server may have ended it already; either way nothing of it stays on this device.
    void signOut().catch(() => undefined);
    forgetSignedInUser(queryClient);
    if (reason === 'ended') {
      const state: SessionEndedState = { from: location.pathname, sessionEnded: true };
      void navigate('/logIn', { state });
    } else {
      void navigate('/logIn');
    }
  };

  useEffect(() => {
    if (phase === 'ended') endSession('ended');
    // Runs once as the session ends; endSession is a new function on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [phase]);

  const stay = async () => {
    setStaying(true);
    try {
      // Asking who is signed in is a request like any other: it counts as activity.
      const signedIn = await getSession();
      queryClient.setQueryData(sessionQueryKey, signedIn);
      const next = sessionEndsAt();
      if (signedIn === null) endSession('ended');
      else if (next !== null && next - Date.now() <= sessionWarningSeconds * 1000) setLimitReached(true);
      setNow(Date.now());
    } catch {
      // Offline: the countdown goes on, and the button can be pressed again.
    } finally {
      setStaying(false);
    }
  };

  const secondsLeft = endsAt === null ? 0 : Math.max(0, Math.ceil((endsAt - now) / 1000));
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
        if (!limitReached) void stay();
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
            <button type="button" className="btn btn-ghost" onClick={() => endSession('chosen')}>
              {t('session.signOutNow')}
            </button>
            {limitReached ? null : (
              <button ref={stayButton} type="button" className="btn btn-primary" disabled={staying} aria-busy={staying} onClick={() => void stay()}>
                {t('session.stay')}
              </button>
            )}
          </div>
        </div>
      ) : null}
    </dialog>
  );
}
