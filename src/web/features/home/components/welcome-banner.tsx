import { useMemo, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { Link } from 'react-router';
import { translatedList } from '../../../lib/translated-list';
import { usePrefersReducedMotion } from '../../../lib/use-media-query';
import { bannerTypewriterOptions } from '../hooks/typewriter';
import { useTypewriter } from '../hooks/use-typewriter';
import { PlayPauseIcon } from '../../../components/ui/play-pause-icon';

function CheckIcon() {
  return (
    <svg viewBox="0 0 20 20" className="h-5 w-5 shrink-0 text-accent" fill="currentColor" aria-hidden="true">
      <path d="M10 18a8 8 0 1 0 0-16 8 8 0 0 0 0 16Zm3.7-9.3-4.5 4.5a1 1 0 0 1-1.4 0l-2-2a1 1 0 1 1 1.4-1.4l1.3 1.3 3.8-3.8a1 1 0 1 1 1.4 1.4Z" />
    </svg>
  );
}

/**
 * The blinking caret. It is drawn outside the flow of the line: as an inline box of its own it
 * would let the browser break a half-typed word at the caret and move it to the next line later.
 */
function TypingCursor() {
  return (
    <span className="relative">
      <span className="absolute inset-y-0 left-0.5 w-0.5 bg-accent motion-safe:animate-pulse" />
    </span>
  );
}

/** The welcome banner: the typing text, and the way in to an account request. */
export function WelcomeBanner() {
  const { t } = useTranslation();
  const reducedMotion = usePrefersReducedMotion();
  // The list is looked up again on every render; the typewriter's timer must not restart for that.
  const phrases = useMemo(() => translatedList<string>(t, 'home2.typingPhrases'), [t]);
  // WCAG 2.2.2: text that moves for more than five seconds needs a way to stop it.
  const [paused, setPaused] = useState(false);
  const { typed, phrase } = useTypewriter(phrases, bannerTypewriterOptions, !reducedMotion, paused);
  const points = translatedList<string>(t, 'home2.bannerPoints');

  // The banner keeps the bank's own green in dark mode too (data-theme): it is the brand's block,
  // and its gold on deep green is the pair chosen, and checked, for contrast.
  return (
    <section aria-labelledby="home-welcome" data-theme="padma" className="relative overflow-hidden rounded-box bg-gradient-to-br from-primary via-primary to-secondary text-primary-content shadow-md">
      <svg viewBox="0 0 400 400" className="pointer-events-none absolute -right-24 -top-24 h-96 w-96 opacity-10" aria-hidden="true">
        <circle cx="200" cy="200" r="190" fill="none" stroke="currentColor" strokeWidth="24" />
        <circle cx="200" cy="200" r="120" fill="none" stroke="currentColor" strokeWidth="16" />
      </svg>
      <div className="relative flex flex-col gap-5 px-6 py-12 sm:px-10 lg:py-16">
        <p className="text-sm font-semibold uppercase tracking-widest text-accent">{t('home2.bannerEyebrow')}</p>
        <h1 id="home-welcome" className="text-3xl font-bold sm:text-5xl">
          {t('home.welcome')}
        </h1>
        {/* The moving line is hidden from screen readers, which get every phrase at once instead. */}
        <div className="flex max-w-3xl items-start gap-3">
          {/*
            Nothing on the page may move while the text types. Every phrase, written out in full and
            invisible, shares one grid cell with the moving text, so the line is as tall as the
            longest phrase at any width from the first frame. The untyped rest of the current phrase
            is there too, invisible, so its words wrap where they will end up and never jump a line.
          */}
          <p className="grid flex-1 text-xl font-medium sm:text-2xl" aria-hidden="true">
            {phrases.map((candidate) => (
              <span key={candidate} className="invisible col-start-1 row-start-1">
                {t('home2.typingPrefix')} {candidate}
              </span>
            ))}
            <span className="col-start-1 row-start-1">
              <span data-testid="typing-text">
                <span className="opacity-80">{t('home2.typingPrefix')} </span>
                <span className="text-accent">{typed}</span>
              </span>
              {reducedMotion || paused ? null : <TypingCursor />}
              <span className="invisible">{phrase.slice(typed.length)}</span>
            </span>
          </p>
          {reducedMotion ? null : (
            <button
              type="button"
              className="btn btn-circle btn-ghost btn-sm mt-0.5 border border-primary-content/30 text-primary-content"
              onClick={() => setPaused((value) => !value)}
              aria-label={paused ? t('home2.playTyping') : t('home2.pauseTyping')}
              title={paused ? t('home2.playTyping') : t('home2.pauseTyping')}
              data-testid="typing-toggle"
            >
              <PlayPauseIcon paused={paused} />
            </button>
          )}
        </div>
        <p className="sr-only">
          {t('home2.typingPrefix')} {phrases.join(' ')}
        </p>
        <p className="max-w-2xl text-base opacity-90 sm:text-lg">{t('home2.bannerBody')}</p>
        <div className="flex flex-wrap items-center gap-4">
          <Link to="/openAcc" className="btn btn-accent btn-lg" aria-describedby="home-continue-hint">
            {t('home.continue')}
            <svg viewBox="0 0 20 20" className="h-5 w-5" fill="currentColor" aria-hidden="true">
              <path d="M11.3 4.3a1 1 0 0 1 1.4 0l5 5a1 1 0 0 1 0 1.4l-5 5a1 1 0 0 1-1.4-1.4L14.6 11H3a1 1 0 1 1 0-2h11.6l-3.3-3.3a1 1 0 0 1 0-1.4Z" />
            </svg>
          </Link>
          <span id="home-continue-hint" className="text-sm opacity-80">
            {t('home2.continueHint')}
          </span>
        </div>
        <ul className="mt-2 flex flex-col gap-2 text-sm sm:flex-row sm:flex-wrap sm:gap-6">
          {points.map((point) => (
            <li key={point} className="flex items-center gap-2">
              <CheckIcon />
              {point}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
