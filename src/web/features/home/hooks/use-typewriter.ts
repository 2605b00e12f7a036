import { useEffect, useState } from 'react';
import { nextTypewriterState, typewriterStart, typewriterText, typewriterWaitMs, type TypewriterOptions } from './typewriter';

/** `typed` is what shows now; `phrase` is the whole phrase it is part of, to keep the phrase's room. */
export type TypewriterView = { typed: string; phrase: string };

/**
 * The text to show now, typed and deleted phrase by phrase. When `animate` is false (the
 * person prefers reduced motion) it answers the first phrase in full and sets no timers. While
 * `paused` (the person pressed Pause) the text stays as far as it was typed.
 */
export function useTypewriter(phrases: readonly string[], options: TypewriterOptions, animate: boolean, paused = false): TypewriterView {
  const [state, setState] = useState(typewriterStart);
  useEffect(() => {
    if (!animate || paused) return;
    const waitMs = typewriterWaitMs(state, options);
    if (waitMs === null) return;
    const timer = window.setTimeout(() => setState((current) => nextTypewriterState(current, phrases, options)), waitMs);
    return () => window.clearTimeout(timer);
  }, [animate, paused, state, phrases, options]);
  if (!animate) return { typed: phrases[0] ?? '', phrase: phrases[0] ?? '' };
  return { typed: typewriterText(state, phrases), phrase: phrases[state.phraseIndex] ?? '' };
}
