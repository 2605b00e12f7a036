import { useEffect, type RefObject } from 'react';

const focusableSelector = 'a[href], button:not([disabled]), summary, input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])';

/**
 * While the phone's menu covers the page, focus stays inside it: it moves to the menu's first
 * link, Tab and Shift+Tab wrap around within it, Escape closes it, and focus returns to what
 * opened it (WCAG 2.4.3). The page behind is `inert` meanwhile (see AppLayout).
 */
export function useMenuFocus(menuOpen: boolean, menu: RefObject<HTMLElement | null>, close: () => void): void {
  useEffect(() => {
    const container = menu.current;
    if (!menuOpen || !container) return;
    // The page behind turns inert as the menu opens, which takes focus off the menu button: it
    // is the element that controls this menu that gets focus back.
    const opener = document.querySelector<HTMLElement>(`[aria-controls="${container.querySelector('nav')?.id ?? ''}"]`);
    const focusables = () => [...container.querySelectorAll<HTMLElement>(focusableSelector)].filter((element) => element.getClientRects().length > 0);
    // The drawer becomes visible over a short transition, and a hidden element takes no focus:
    // tried on each frame until it does.
    let frame = 0;
    const focusFirst = (tries: number) => {
      focusables()[0]?.focus();
      if (!container.contains(document.activeElement) && tries > 0) frame = requestAnimationFrame(() => focusFirst(tries - 1));
    };
    focusFirst(60);
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        close();
        return;
      }
      if (event.key !== 'Tab') return;
      const elements = focusables();
      const first = elements[0];
      const last = elements[elements.length - 1];
      if (!first || !last) return;
      const inside = container.contains(document.activeElement);
      if (event.shiftKey && (document.activeElement === first || !inside)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (document.activeElement === last || !inside)) {
        event.preventDefault();
        first.focus();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('keydown', onKey);
      if (container.contains(document.activeElement) || document.activeElement === document.body) opener?.focus();
    };
  }, [menuOpen, menu, close]);
}
