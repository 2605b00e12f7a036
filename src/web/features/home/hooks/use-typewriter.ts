import { useEffect, useState } from 'react';
import { nextTypewriterState, typewriterStart, typewriterText, typewriterWaitMs, type TypewriterOptions } from './typewriter';

/**
 * The text to show now, typed and deleted phrase by phrase. When `animate` is false (the
 * person prefers reduced motion) it answers the first phrase in full and sets no timers. While
 * `paused` (the person pressed Pause) the text stays as far as it was typed.
 */
export function useTypewriter(phrases: readonly string[], options: TypewriterOptions, animate: boolean, paused = false): string {
  const [state, setState] = useState(typewriterStart);
  useEffect(() => {
    if (!animate || paused) return;
    const waitMs = typewriterWaitMs(state, options);
    if (waitMs === null) return;
    const timer = window.setTimeout(() => setState((current) => nextTypewriterState(current, phrases, options)), waitMs);
    return () => window.clearTimeout(timer);
  }, [animate, paused, state, phrases, options]);
  return animate ? typewriterText(state, phrases) : (phrases[0] ?? '');
}
