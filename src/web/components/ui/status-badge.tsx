/**
 * What a status means to its reader, and so its colour: one colour per meaning, the same on every
 * page, customer's and staff's, and always with its word beside it (colour alone says nothing to a
 * screen reader or a colour-blind eye): waiting is amber, in force or arrived green, refused or
 * stopped for a fault red, done for good blue, finished or absent grey. This departs from the
 * first product's red-for-pending (docs/decisions/021-balance-first-phone-first.md).
 */
export type StatusTone = 'waiting' | 'in-force' | 'refused' | 'done' | 'finished';

/**
 * The grey of "finished or absent" is the soft badge's own, drawn in the text colour: daisyUI's
 * neutral is a dark green in both themes, and its soft badge's words were dark on dark in dark
 * mode (axe's colour-contrast finding). The other tones are daisyUI's soft ones, whose words are
 * drawn in the tone's colour on a tint of it, in both themes.
 */
const toneClass: Record<StatusTone, string> = {
  waiting: 'badge-warning',
  'in-force': 'badge-success',
  refused: 'badge-error',
  done: 'badge-info',
  finished: '',
};

/**
 * The tones of the status words the bank's records share: an account's, a card's, a loan's, a
 * request's, a user's, a term deposit's, a proposal's. Any other word (cancelled, deleted,
 * closed, none) is finished or absent. A screen with words of its own (a payment's, an
 * instalment's) passes their tone.
 */
const toneOfStatus: Readonly<Record<string, StatusTone>> = {
  pending: 'waiting',
  success: 'in-force',
  active: 'in-force',
  approved: 'in-force',
  declined: 'refused',
  disabled: 'refused',
  defaulted: 'refused',
  repaid: 'done',
  matured: 'done',
  renewed: 'done',
  // A rate, a table or a notice that is dated: waiting for its date, in force, or past.
  scheduled: 'waiting',
  upcoming: 'waiting',
  'in-force': 'in-force',
  showing: 'in-force',
  // A member of staff asked to join who has not yet.
  invited: 'waiting',
};

/**
 * A status as plain text on a soft badge (it is not a button): `label` in the reader's language,
 * `status` the record's own word (kept in `data-status` for tests and styles), its colour by
 * `tone` or else by the shared words above. It may wrap onto a second line on a phone;
 * `nowrap` keeps it on one, for a table's narrow status column.
 */
export function StatusBadge({ status, label, tone, nowrap = false }: { status: string; label: string; tone?: StatusTone; nowrap?: boolean }) {
  const meaning = tone ?? toneOfStatus[status] ?? 'finished';
  return (
    <span className={`badge badge-soft h-auto min-h-6 font-semibold ${nowrap ? 'whitespace-nowrap' : ''} ${toneClass[meaning]}`} data-status={status} data-tone={meaning}>
      {label}
    </span>
  );
}
