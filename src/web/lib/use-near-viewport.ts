import { useEffect, useState, type RefObject } from 'react';

/**
 * True once the element has come within `margin` of the visible part of the page (and from then
 * on). For parts far down a page whose code is heavy: it loads when the person scrolls towards
 * it, not on every visit. Browsers without IntersectionObserver answer true at once.
 */
export function useNearViewport(ref: RefObject<Element | null>, margin = '50%'): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    if (typeof IntersectionObserver !== 'function') {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: `${margin} 0px` },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, margin, near]);
  return near;
}
