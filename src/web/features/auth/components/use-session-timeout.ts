import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { sessionWarningSeconds } from '../../../../shared/constants';
import { sessionEndsAt } from '../../../lib/session-deadline';
import { getSession, sessionQueryKey } from '../../../lib/session';
import { forgetSignedInUser, signOut } from '../api/sign-out';
import { useSessionPhase } from './use-session-phase';

/** State the login page reads to say why the customer is there. */
type SessionEndedState = { from: string; sessionEnded: true };

/**
 * The session's end, kept or taken: staying asks the server again (which counts as activity),
 * unless the 12-hour limit leaves less than the warning's minute; signing out, by choice or at the
 * deadline, forgets the user on this device and opens the login page (saying why when it ran out).
 */
export function useSessionTimeout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const { phase, secondsLeft, lookAgain } = useSessionPhase();
  const [limitReached, setLimitReached] = useState(false);
  const [staying, setStaying] = useState(false);

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
    if (phase !== 'warning') setLimitReached(false);
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
      lookAgain();
    } catch {
      // Offline: the countdown goes on, and the button can be pressed again.
    } finally {
      setStaying(false);
    }
  };

  return { phase, secondsLeft, limitReached, staying, stay: () => void stay(), signOutNow: () => endSession('chosen') };
}
