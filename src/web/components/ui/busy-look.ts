/**
 * A button locked while its operation is on its way keeps its colour, so that 'Sending…' stays
 * readable (daisyUI greys disabled buttons out almost to nothing).
 */
export const busyLook = {
  primary: 'disabled:cursor-progress disabled:bg-primary/80 disabled:text-primary-content',
  error: 'disabled:cursor-progress disabled:bg-error/80 disabled:text-error-content',
} as const;
