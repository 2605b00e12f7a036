// A pre-rendered page shows the menu before the app runs, and a tap opens the phone's menu (the
// drawer's checkbox) or a submenu (a <details>) natively. The app then replaces that markup with
// its own, closed: the taps would be lost on exactly the slow phones that had time to make them.
// What the visitor opened is read from the markup, and the app opens it again as it draws.

const submenusOpened = new Set<string>();
let drawerToggle: HTMLInputElement | null = null;

/** Records, under `container`, submenus (`<details data-submenu="…">`) opened or closed, and keeps the drawer's checkbox. */
export function recordTapsBeforeStart(container: HTMLElement): void {
  // The tap may have come before this code arrived.
  for (const details of container.querySelectorAll<HTMLDetailsElement>('details[data-submenu][open]')) submenusOpened.add(details.dataset.submenu ?? '');
  // "toggle" does not bubble: listened to while it travels down.
  container.addEventListener(
    'toggle',
    (event) => {
      const details = event.target;
      if (!(details instanceof HTMLDetailsElement) || !details.dataset.submenu) return;
      if (details.open) submenusOpened.add(details.dataset.submenu);
      else submenusOpened.delete(details.dataset.submenu);
    },
    true,
  );
  drawerToggle = container.querySelector<HTMLInputElement>('input#nav-drawer');
}

/** Whether the visitor left this submenu open before the app drew it. */
export function wasSubmenuOpenedBeforeStart(name: string): boolean {
  return submenusOpened.has(name);
}

/**
 * Whether the pre-rendered page's phone menu is open. Asked as the app first renders its layout,
 * while the pre-rendered markup is still the one on screen.
 */
export function wasMenuOpenedBeforeStart(): boolean {
  return drawerToggle?.checked === true;
}

/** Whether the visitor opened anything on the pre-rendered page: its markup is then no longer the build's. */
export function wasAnythingOpenedBeforeStart(): boolean {
  return submenusOpened.size > 0 || wasMenuOpenedBeforeStart();
}
