import type { z } from 'zod';
import { describeMovement } from '../../../shared/banking-words';
import type { Language } from '../../../shared/language';
import { poishaToBdtNumber } from '../../../shared/money';
import { formatReference } from '../../../shared/reference';
import type { accountRequestSchema } from '../../../shared/schemas/banking';
import { movementSchema } from '../../../shared/schemas/movement';
import type { AccountAnswer, StatementAnswer } from '../../../shared/schemas/banking-answers';
import { withWireFieldNames } from '../../errors';
import { accountTypeName, declinedAnswer, toIso } from '../../lib/answer-fields';
import { spokenStatus } from '../../lib/status-words';
import type { AccountRequestCommand, AccountView, StatementRow } from './accounts.repository';

/**
 * The account routes' wire vocabulary, in one place (`docs/wire-names.md`): the first product's
 * `role` is the account type, `img` the photo, `nomineeId` the nominee's NID, `user` the holder's
 * name and `_id` the account number. The request's body becomes a command in the bank's words, and
 * the fields a refusal marks are named back as the request named them.
 */
type AccountRequestBody = z.output<typeof accountRequestSchema>;

/** Our name → the wire's, for every field of an account request. */
const wireNameOf: Readonly<Record<keyof AccountRequestCommand, keyof AccountRequestBody>> = {
  accountType: 'role',
  email: 'email',
  phone: 'phone',
  photoUrl: 'img',
  gender: 'gender',
  birthDate: 'birthDate',
  nid: 'nid',
  residentialArea: 'residentialArea',
  permanentArea: 'permanentArea',
  nomineeName: 'nomineeName',
  nomineeNid: 'nomineeId',
  nomineeRelation: 'nomineeRelation',
};

export const accountRequestCommandOf = (body: AccountRequestBody): AccountRequestCommand => ({
  accountType: body.role,
  email: body.email,
  phone: body.phone,
  photoUrl: body.img,
  gender: body.gender,
  birthDate: body.birthDate,
  nid: body.nid,
  residentialArea: body.residentialArea,
  permanentArea: body.permanentArea,
  nomineeName: body.nomineeName,
  nomineeNid: body.nomineeId,
  nomineeRelation: body.nomineeRelation,
});

/** An account request's refusal with the fields it marks named as the request named them. */
export const inAccountRequestWireNames = (refusal: unknown): unknown => withWireFieldNames(refusal, wireNameOf);

/** The account in the wire's words; statuses as the wire says them (`success`, not `active`). */
export function toAccountAnswer(account: AccountView): AccountAnswer {
  const { card, loan, depositStatus } = account;
  const answer: AccountAnswer = {
    _id: account.id,
    accountType: account.accountType,
    role: accountTypeName(account.accountType),
    user: account.holderName,
    email: account.email,
    phone: account.phone,
    img: account.photoUrl,
    status: spokenStatus(account.status),
    card: card?.cardType ?? 'blank',
    residentialArea: account.residentialArea,
    permanentArea: account.permanentArea,
    nid: account.nid,
    nomineeName: account.nomineeName,
    nomineeId: account.nomineeNid,
    nomineeRelation: account.nomineeRelation,
    gender: account.gender,
    birthDate: account.birthDate,
    amount: poishaToBdtNumber(account.balancePoisha),
    totalLoanAmount: poishaToBdtNumber(loan?.status === 'active' ? loan.outstandingPoisha : 0n),
    requestedAt: account.requestedAt.toISOString(),
    approvedAt: account.approvedAt?.toISOString() ?? null,
    ...declinedAnswer(account),
  };
  if (card?.status === 'pending') {
    answer.cards = 'pending';
    answer.cardStatus = 'pending';
  } else if (card?.status === 'active' && card.imageUrl) {
    answer.cards = card.imageUrl;
    answer.cardStatus = spokenStatus(card.status);
  }
  if (card) answer.cardId = card.id;
  // Only a card or loan that waits or is in use is read (`openStatuses`), and a deposit request not declined.
  if (loan?.status === 'pending' || loan?.status === 'active') answer.loanStatus = spokenStatus(loan.status);
  if (depositStatus === 'pending' || depositStatus === 'success') answer.depositReq = depositStatus;
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
