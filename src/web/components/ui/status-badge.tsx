/**
 * One colour per meaning, the same on every page, and always with its word beside it (colour
 * alone says nothing to a screen reader or a colour-blind eye): waiting is amber, in force green,
 * refused red, finished or absent grey. This departs from the first product's red-for-pending
 * (docs/decisions/021-balance-first-phone-first.md).
 */
const toneOf: Record<string, string> = {
  pending: 'badge-warning',
  success: 'badge-success',
  declined: 'badge-error',
  repaid: 'badge-info',
};

/**
 * The grey of "finished or absent" is the badge's own, drawn in the text colour: daisyUI's neutral
 * is a dark green in both themes, and its soft badge's words were dark on dark in dark mode (axe's
 * colour-contrast finding).
 */
export function StatusBadge({ status, label }: { status: string; label: string }) {
  return (
    <span className={`badge badge-soft h-auto min-h-6 font-semibold ${toneOf[status] ?? ''}`} data-status={status}>
      {label}
    </span>
  );
}
