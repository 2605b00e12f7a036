import { describe, expect, it } from 'vitest';
import { nextTypewriterState, typewriterStart, typewriterText, typewriterWaitMs, type TypewriterOptions, type TypewriterState } from './typewriter';

const options: TypewriterOptions = { typeSpeedMs: 70, deleteSpeedMs: 50, delayMs: 1000, loops: 2 };
const phrases = ['ab', 'xyz'];

/** Runs the machine to the end, recording what is shown and for how long. */
function run(): Array<{ text: string; waitMs: number | null }> {
  const frames: Array<{ text: string; waitMs: number | null }> = [];
  let state: TypewriterState = typewriterStart;
  for (let step = 0; step < 1000; step += 1) {
    const waitMs = typewriterWaitMs(state, options);
    frames.push({ text: typewriterText(state, phrases), waitMs });
    if (waitMs === null) break;
    state = nextTypewriterState(state, phrases, options);
  }
  return frames;
}

describe('the typewriter', () => {
  it('types at 70 ms a character, holds 1000 ms, deletes at 50 ms, then types the next phrase', () => {
    const frames = run().slice(0, 9);
    expect(frames).toEqual([
      { text: '', waitMs: 70 },
      { text: 'a', waitMs: 70 },
      { text: 'ab', waitMs: 1000 },
      { text: 'ab', waitMs: 50 },
      { text: 'a', waitMs: 50 },
      { text: '', waitMs: 70 },
      { text: 'x', waitMs: 70 },
      { text: 'xy', waitMs: 70 },
      { text: 'xyz', waitMs: 1000 },
    ]);
  });

  it('loops over every phrase the given number of times and stops on the last one, in full', () => {
    const frames = run();
    const last = frames.at(-1);
    expect(last).toEqual({ text: 'xyz', waitMs: null });
    const fullPhrasesShown = frames.filter((frame, index) => phrases.includes(frame.text) && frames[index - 1]?.text !== frame.text);
    expect(fullPhrasesShown.map((frame) => frame.text)).toEqual(['ab', 'xyz', 'ab', 'xyz']);
  });

  it('stays finished', () => {
    const done: TypewriterState = { phraseIndex: 1, length: 3, phase: 'done', loop: 2 };
    expect(nextTypewriterState(done, phrases, options)).toBe(done);
  });
});
