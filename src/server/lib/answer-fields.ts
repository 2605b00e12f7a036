import { accountTypeDisplayNames } from '../../shared/schemas/banking';
import type { AccountTypeSlug } from '../../shared/constants';
import type { DeclineReason } from '../../shared/schemas/decline';

/**
 * A timestamp of a raw SQL row (`db.execute`) in ISO 8601. Both drivers hand such timestamps back
 * as PostgreSQL's text (`2026-11-25 21:07:05.199+00`): Drizzle sets the type parsers of both so,
 * and maps the columns of its typed selects to `Date` itself.
 */
export const toIso = (value: string) => new Date(value).toISOString();

/** Downloads are private and change with every new transaction: never kept by a browser or a proxy. */
export const privateDownload = { 'cache-control': 'private, no-store' } as const;

/** An account type as the wire shows it (`Fixed-Deposit` for `fixed`, `docs/wire-names.md`). */
export const accountTypeName = (slug: AccountTypeSlug) => accountTypeDisplayNames[slug];

/** The decline columns every request table carries (shared/schemas/decline.ts), as the Drizzle schema reads them; null until declined. */
export type DeclinedColumns = { declinedReason: DeclineReason | null; declinedNote: string | null; declinedAt: Date | null };

/** A declined request's reason in an answer; nothing at all on any other request, so older answers keep their shape. */
export function declinedAnswer(row: DeclinedColumns): { declinedReason?: DeclineReason; declinedNote?: string; declinedAt?: string } {
  if (row.declinedReason === null) return {};
  return {
    declinedReason: row.declinedReason,
    ...(row.declinedNote === null ? {} : { declinedNote: row.declinedNote }),
    ...(row.declinedAt === null ? {} : { declinedAt: row.declinedAt.toISOString() }),
  };
}
