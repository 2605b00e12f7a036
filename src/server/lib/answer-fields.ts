import { accountTypeDisplayNames } from '../../shared/schemas/banking';
import type { AccountTypeSlug } from '../../shared/constants';

/** node-postgres hands timestamps back as `Date`, PGlite's raw rows sometimes as text: both answer ISO 8601. */
export const toIso = (value: string | Date) => (value instanceof Date ? value : new Date(value)).toISOString();

/** An account type as the spec shows it (`Fixed-Deposit` for `fixed`). */
export const accountTypeName = (slug: AccountTypeSlug) => accountTypeDisplayNames[slug];
