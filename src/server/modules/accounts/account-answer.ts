import { poishaToBdtNumber } from '../../../shared/money';
import { accountTypeDisplayNames } from '../../../shared/schemas/banking';
import type { AccountAnswer } from '../../../shared/schemas/banking-answers';
import type { AccountViewRow } from './accounts.repository';

export const toIso = (value: string | Date) => (value instanceof Date ? value : new Date(value)).toISOString();

/** Maps the stored account to the spec's answer; statuses in the spec's words (`success`, not `active`). */
export function toAccountAnswer(row: AccountViewRow): AccountAnswer {
  const answer: AccountAnswer = {
    _id: row.id,
    accountType: row.account_type,
    role: accountTypeDisplayNames[row.account_type],
    user: row.holder_name,
    email: row.email,
    phone: row.phone,
    img: row.photo_url,
    status: row.status === 'active' ? 'success' : 'pending',
    card: row.card_type ?? 'blank',
    residentialArea: row.residential_area,
    permanentArea: row.permanent_area,
    nid: row.nid,
    nomineeName: row.nominee_name,
    nomineeId: row.nominee_nid,
    nomineeRelation: row.nominee_relation,
    gender: row.gender,
    birthDate: row.birth_date,
    amount: poishaToBdtNumber(BigInt(row.balance_poisha)),
    totalLoanAmount: poishaToBdtNumber(BigInt(row.loan_status === 'active' ? (row.loan_outstanding_poisha ?? '0') : '0')),
    requestedAt: toIso(row.requested_at),
    approvedAt: row.approved_at ? toIso(row.approved_at) : null,
  };
  if (row.card_status === 'pending') {
    answer.cards = 'pending';
    answer.cardStatus = 'pending';
  } else if (row.card_status === 'active' && row.card_image_url) {
    answer.cards = row.card_image_url;
    answer.cardStatus = 'success';
  }
  if (row.card_id) answer.cardId = row.card_id;
  if (row.loan_status) answer.loanStatus = row.loan_status === 'active' ? 'success' : 'pending';
  if (row.deposit_status) answer.depositReq = row.deposit_status;
  return answer;
}
