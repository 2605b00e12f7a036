import { useEffect, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { useMediaQuery, usePrefersReducedMotion } from '../../../lib/use-media-query';
import { carouselAutoplayMs, carouselTransitionMs, paymentLogos, slidesInView } from './payment-logos';
import { PlayPauseIcon } from '../../../components/ui/play-pause-icon';

function PaymentLogo({ file, label }: { file: string; label: string }) {
  return <img src={`/payment-logos/${file}`} alt={label} width="240" height="120" className="h-auto w-full select-none" draggable={false} />;
}

/**
 * An endless strip of payment logos. The first logos are repeated at the end: when the strip
 * reaches the copies it jumps back to the start without animation, which looks continuous.
 * It pauses while hovered or focused, and on request (WCAG 2.2.2); with reduced motion the
 * logos simply stand in a grid.
 */
export function PaymentCarousel() {
  const { t } = useTranslation();
  const reducedMotion = usePrefersReducedMotion();
  const perView = slidesInView(useMediaQuery('(min-width: 1024px)'), useMediaQuery('(min-width: 600px)'));
  const [index, setIndex] = useState(0);
  const [animated, setAnimated] = useState(true);
  const [paused, setPaused] = useState(false);
  const [hovered, setHovered] = useState(false);
  const total = paymentLogos.length;
  const moving = !reducedMotion && !paused && !hovered;

  useEffect(() => {
    if (!moving) return;
    // Each step waits the autoplay time after the previous slide has arrived.
    const timer = window.setTimeout(
      () => {
        setAnimated(true);
        setIndex((current) => current + 1);
      },
      carouselAutoplayMs + (index === 0 ? 0 : carouselTransitionMs),
    );
    return () => window.clearTimeout(timer);
  }, [moving, index]);

  const onTransitionEnd = () => {
    if (index < total) return;
    setAnimated(false);
    setIndex(0);
  };

  if (reducedMotion) {
    return (
      <ul className="grid grid-cols-2 gap-4 sm:grid-cols-4" aria-label={t('home2.carouselLabel')} data-testid="payment-logos-static">
        {paymentLogos.map((logo) => (
          <li key={logo.file}>
            <PaymentLogo file={logo.file} label={t(logo.labelKey)} />
          </li>
        ))}
      </ul>
    );
  }

  const slides = [...paymentLogos, ...paymentLogos.slice(0, perView)];
  return (
    <div
      role="region"
      aria-roledescription="carousel"
      aria-label={t('home2.carouselLabel')}
      className="flex flex-col gap-3"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setHovered(true)}
      onBlur={() => setHovered(false)}
    >
      <div className="-mx-2 overflow-hidden" data-testid="payment-carousel" data-slides-in-view={perView}>
        {/* Not a list: each slide is a group named "n of total", which a list item may not be. */}
        <div
          className="flex"
          style={{
            transform: `translateX(-${(index * 100) / perView}%)`,
            transition: animated ? `transform ${carouselTransitionMs}ms ease-in-out` : 'none',
          }}
          onTransitionEnd={onTransitionEnd}
          aria-live="off"
        >
          {slides.map((logo, position) => {
            const isCopy = position >= total;
            return (
              <div
                key={`${logo.file}-${position}`}
                className="shrink-0 grow-0 px-2"
                style={{ flexBasis: `${100 / perView}%` }}
                role={isCopy ? undefined : 'group'}
                aria-roledescription={isCopy ? undefined : 'slide'}
                aria-label={isCopy ? undefined : t('home2.slideLabel', { position: position + 1, total })}
                aria-hidden={isCopy ? true : undefined}
                data-testid="payment-slide"
              >
                <PaymentLogo file={logo.file} label={isCopy ? '' : t(logo.labelKey)} />
              </div>
            );
          })}
        </div>
      </div>
      <div className="flex justify-end">
        <button type="button" className="btn btn-ghost btn-sm" onClick={() => setPaused((value) => !value)}>
          <PlayPauseIcon paused={paused} />
          {paused ? t('home2.play') : t('home2.pause')}
        </button>
      </div>
    </div>
  );
}
