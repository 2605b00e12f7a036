import type { TermDepositMaturedParams } from '../../../shared/schemas/notifications';
import type { NoticeDraft } from './notices.service';

/** What the day close knows of one matured FDR or DPS: its owner and account, and the figures it wrote. */
type Matured = { owner_user_id: string; holder_name: string; id: string; reference: string; account_id: string };
type Figures = { day: string; paid: string; interest: string; tax: string };

/**
 * The customer's notice of a maturity, raised by the FDR's and the DPS's maturity steps in the
 * transaction that pays or renews, so a rolled-back close tells nobody; one e-mail per deposit.
 */
export function termDepositMaturedNotice(row: Matured, figures: Figures, scheme: TermDepositMaturedParams['scheme'], outcome: TermDepositMaturedParams['outcome']): NoticeDraft {
  return {
    userId: row.owner_user_id,
    name: row.holder_name,
    kind: 'term-deposit-matured',
    at: new Date(),
    emailDedupeKey: `term-deposit-matured:${row.id}`,
    params: { scheme, outcome, reference: row.reference, accountId: row.account_id, day: figures.day, paidPoisha: figures.paid, interestPoisha: figures.interest, taxPoisha: figures.tax },
  };
}
