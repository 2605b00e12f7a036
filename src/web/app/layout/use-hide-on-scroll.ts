import { useEffect, useState } from 'react';

/** True while the page scrolls down (the top bar moves 100px up), false again on any scroll up. */
export function useHideOnScroll(thresholdPx = 8): boolean {
  const [hidden, setHidden] = useState(false);
  useEffect(() => {
    let lastY = window.scrollY;
    const onScroll = () => {
      const y = window.scrollY;
      if (Math.abs(y - lastY) < thresholdPx) return;
      setHidden(y > lastY && y > 64);
      lastY = y;
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [thresholdPx]);
  return hidden;
}
