/**
 * Spec section 4: for loans and accounts, not pending is green and pending red; the card badge
 * on the account page is the reverse (`reversed`).
 */
export function StatusBadge({ status, label, reversed = false }: { status: string; label: string; reversed?: boolean }) {
  const pending = status === 'pending';
  const green = reversed ? pending : !pending;
  return <span className={`badge badge-soft font-semibold ${green ? 'badge-success' : 'badge-error'}`}>{label}</span>;
}
