import { useEffect, useState, useSyncExternalStore } from 'react';
import { sessionWarningSeconds } from '../../../../shared/constants';
import { sessionEndsAt, subscribeToSessionDeadline } from '../../../lib/session-deadline';
import { useSession } from '../../../lib/session';

export type SessionPhase = 'none' | 'quiet' | 'warning' | 'ended';

function phaseAt(now: number, endsAt: number | null, signedIn: boolean): SessionPhase {
  if (!signedIn || endsAt === null) return 'none';
  if (now >= endsAt) return 'ended';
  return now >= endsAt - sessionWarningSeconds * 1000 ? 'warning' : 'quiet';
}

/**
 * Where the signed-in session stands against its deadline: quiet until the last minute, then a
 * warning that counts the seconds down, then ended. `lookAgain` re-reads the clock after the
 * deadline may have moved (a request made counts as activity).
 */
export function useSessionPhase() {
  const { user } = useSession();
  const endsAt = useSyncExternalStore(subscribeToSessionDeadline, sessionEndsAt, () => null);
  const [now, setNow] = useState(() => Date.now());
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

  const secondsLeft = endsAt === null ? 0 : Math.max(0, Math.ceil((endsAt - now) / 1000));
  return { phase, secondsLeft, lookAgain: () => setNow(Date.now()) };
}
