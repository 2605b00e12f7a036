/**
 * The typing banner as a pure state machine, so its timing can be tested without a browser.
 * It types a phrase one character at a time, holds it, deletes it, and goes on to the next;
 * after the last phrase of the last loop it stops with that phrase shown in full.
 */
export type TypewriterOptions = { typeSpeedMs: number; deleteSpeedMs: number; delayMs: number; loops: number };

/** The home banner's figures (spec section 9). */
export const bannerTypewriterOptions: TypewriterOptions = { typeSpeedMs: 70, deleteSpeedMs: 50, delayMs: 1000, loops: 100 };

export type TypewriterState = { phraseIndex: number; length: number; phase: 'typing' | 'holding' | 'deleting' | 'done'; loop: number };

export const typewriterStart: TypewriterState = { phraseIndex: 0, length: 0, phase: 'typing', loop: 1 };

/** How long the current state lasts before the next step; `null` once finished. */
export function typewriterWaitMs(state: TypewriterState, options: TypewriterOptions): number | null {
  switch (state.phase) {
    case 'typing':
      return options.typeSpeedMs;
    case 'holding':
      return options.delayMs;
    case 'deleting':
      return options.deleteSpeedMs;
    case 'done':
      return null;
  }
}

export function nextTypewriterState(state: TypewriterState, phrases: readonly string[], options: TypewriterOptions): TypewriterState {
  const phraseLength = phrases[state.phraseIndex]?.length ?? 0;
  const isLastPhrase = state.phraseIndex >= phrases.length - 1;
  switch (state.phase) {
    case 'typing': {
      const length = Math.min(state.length + 1, phraseLength);
      if (length < phraseLength) return { ...state, length };
      const finished = isLastPhrase && state.loop >= options.loops;
      return { ...state, length, phase: finished ? 'done' : 'holding' };
    }
    case 'holding':
      return { ...state, phase: 'deleting' };
    case 'deleting': {
      if (state.length > 1) return { ...state, length: state.length - 1 };
      return isLastPhrase ? { phraseIndex: 0, length: 0, phase: 'typing', loop: state.loop + 1 } : { ...state, phraseIndex: state.phraseIndex + 1, length: 0, phase: 'typing' };
    }
    case 'done':
      return state;
  }
}

export function typewriterText(state: TypewriterState, phrases: readonly string[]): string {
  return (phrases[state.phraseIndex] ?? '').slice(0, state.length);
}
