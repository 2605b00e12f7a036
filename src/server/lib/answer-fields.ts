import { accountTypeDisplayNames } from '../../shared/schemas/banking';
import type { AccountTypeSlug } from '../../shared/constants';
import type { DeclineReason } from '../../shared/schemas/decline';

/** node-postgres hands timestamps back as `Date`, PGlite's raw rows sometimes as text: both answer ISO 8601. */
export const toIso = (value: string | Date) => (value instanceof Date ? value : new Date(value)).toISOString();

/** Downloads are private and change with every new transaction: never kept by a browser or a proxy. */
export const privateDownload = { 'cache-control': 'private, no-store' } as const;

/** An account type as the wire shows it (`Fixed-Deposit` for `fixed`, `docs/wire-names.md`). */
export const accountTypeName = (slug: AccountTypeSlug) => accountTypeDisplayNames[slug];

/** The decline columns every request table carries (shared/schemas/decline.ts); null until declined. */
export type DeclinedColumns = { declined_reason: DeclineReason | null; declined_note: string | null; declined_at: string | Date | null };

/** A declined request's reason in an answer; nothing at all on any other request, so older answers keep their shape. */
export function declinedAnswer(row: DeclinedColumns): { declinedReason?: DeclineReason; declinedNote?: string; declinedAt?: string } {
  if (row.declined_reason === null) return {};
  return {
    declinedReason: row.declined_reason,
    ...(row.declined_note === null ? {} : { declinedNote: row.declined_note }),
    ...(row.declined_at === null ? {} : { declinedAt: toIso(row.declined_at) }),
  };
}
