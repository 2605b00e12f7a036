import { currentLanguage } from '../../../lib/i18n';

/**
 * GET /api/accountStatement/:id/tax-certificate: where the browser downloads one account's tax
 * certificate for a calendar year, in the reader's language. The server sends it as an
 * attachment, so it is a link, not a query.
 */
export const taxCertificateUrl = (accountId: string, year: number) => `/api/accountStatement/${encodeURIComponent(accountId)}/tax-certificate?year=${year}&language=${currentLanguage()}`;
