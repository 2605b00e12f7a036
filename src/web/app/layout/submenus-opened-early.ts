// A pre-rendered page shows the menu before the app runs, and its submenus open natively on a tap.
// The app then replaces that markup with its own, closed: the tap would be lost on exactly the slow
// phone that had time to make it. The submenus' toggles are recorded from the start, and each
// submenu opens itself again when the app has drawn it.

const openedEarly = new Set<string>();

/** Records which submenus (`<details data-submenu="…">`) under `container` the visitor opened or closed. */
export function recordSubmenuToggles(container: HTMLElement): void {
  // The tap may have come before this code arrived.
  for (const details of container.querySelectorAll<HTMLDetailsElement>('details[data-submenu][open]')) openedEarly.add(details.dataset.submenu ?? '');
  // "toggle" does not bubble: listened to while it travels down.
  container.addEventListener(
    'toggle',
    (event) => {
      const details = event.target;
      if (!(details instanceof HTMLDetailsElement) || !details.dataset.submenu) return;
      if (details.open) openedEarly.add(details.dataset.submenu);
      else openedEarly.delete(details.dataset.submenu);
    },
    true,
  );
}

/** Whether the visitor left this submenu open before the app drew it. */
export function wasSubmenuOpenedEarly(name: string): boolean {
  return openedEarly.has(name);
}
