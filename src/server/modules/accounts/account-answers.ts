import { describeMovement } from '../../../shared/banking-words';
import type { Language } from '../../../shared/language';
import { poishaToBdtNumber } from '../../../shared/money';
import { formatReference } from '../../../shared/reference';
import { movementSchema } from '../../../shared/schemas/movement';
import type { AccountAnswer, StatementAnswer } from '../../../shared/schemas/banking-answers';
import { accountTypeName, declinedAnswer, toIso } from '../../lib/answer-fields';
import { spokenStatus } from '../../lib/status-words';
import type { AccountViewRow, StatementRow } from './accounts.repository';

/** Maps the stored account to the wire's answer (`docs/wire-names.md`); statuses in the wire's words (`success`, not `active`). */
export function toAccountAnswer(row: AccountViewRow): AccountAnswer {
  const answer: AccountAnswer = {
    _id: row.id,
    accountType: row.account_type,
    role: accountTypeName(row.account_type),
    user: row.holder_name,
    email: row.email,
    phone: row.phone,
    img: row.photo_url,
    status: spokenStatus(row.status),
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
    ...declinedAnswer({ declinedReason: row.declined_reason, declinedNote: row.declined_note, declinedAt: row.declined_at === null ? null : new Date(row.declined_at) }),
  };
  if (row.card_status === 'pending') {
    answer.cards = 'pending';
    answer.cardStatus = 'pending';
  } else if (row.card_status === 'active' && row.card_image_url) {
    answer.cards = row.card_image_url;
    answer.cardStatus = spokenStatus(row.card_status);
  }
  if (row.card_id) answer.cardId = row.card_id;
  if (row.loan_status) answer.loanStatus = spokenStatus(row.loan_status);
  if (row.deposit_status) answer.depositReq = row.deposit_status;
  return answer;
}

/**
 * One line of a statement: money out is a debit, money in a credit, both in BDT; what happened in
 * the reader's words, and as the data those words were written from.
 */
export function toStatementLine(row: StatementRow, language: Language): StatementAnswer['lines'][number] {
  const amount = BigInt(row.amount_poisha);
  const movement = movementSchema.safeParse({ ...row.params, kind: row.kind });
  return {
    id: row.posting_id,
    date: toIso(row.created_at),
    kind: row.kind,
    description: movement.success ? describeMovement(movement.data, language) : row.memo,
    movement: movement.success ? movement.data : null,
    debit: amount < 0n ? poishaToBdtNumber(-amount) : null,
    credit: amount > 0n ? poishaToBdtNumber(amount) : null,
    balance: poishaToBdtNumber(BigInt(row.balance_after_poisha)),
    entryId: row.entry_id,
    reference: formatReference(row.reference),
  };
}
