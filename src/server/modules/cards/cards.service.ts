import { randomInt } from 'node:crypto';
import { staffRole } from '../../../shared/constants';
import type { Executor, Transaction } from '../../db/client';
import { AppError, conflict, notFound } from '../../errors';
import { recordAudit } from '../../lib/audit';
import type { SignedInUser } from '../../plugins/access-guard';
import { lockAccounts } from '../accounts/accounts.repository';
import { lockOwnActiveAccount } from '../accounts/accounts.service';
import { closeCard, findCard, hasOpenCard, insertCardRequest, issueCard, lockCard, type CardRow } from './cards.repository';

export const cardValidityYears = 5;

export async function requestCard(tx: Transaction, user: SignedInUser, accountId: string, cardType: 'debit' | 'credit'): Promise<string> {
  const account = await lockOwnActiveAccount(tx, accountId, user.id);
  if (await hasOpenCard(tx, account.id)) {
    throw conflict('card_exists', 'This account already has a card or a card request waiting for approval');
  }
  return insertCardRequest(tx, { accountId: account.id, ownerUserId: user.id, cardType });
}

export async function findVisibleCard(executor: Executor, viewer: SignedInUser, cardId: string): Promise<CardRow> {
  const card = await findCard(executor, cardId);
  if (!card || (viewer.role !== staffRole && card.owner_user_id !== viewer.id)) throw notFound('Card');
  return card;
}

async function lockCardWithAccount(tx: Transaction, cardId: string) {
  const found = await findCard(tx, cardId);
  if (!found) throw notFound('Card request');
  const account = (await lockAccounts(tx, [found.bank_account_id])).get(found.bank_account_id);
  const card = await lockCard(tx, cardId);
  if (!account || !card) throw notFound('Card request');
  return { account, card };
}

/** Issues the card: only the last four digits exist anywhere; the picture is drawn from them. */
export async function approveCard(tx: Transaction, staff: SignedInUser, cardId: string, expectedType: 'debit' | 'credit', now = new Date()): Promise<void> {
  const { account, card } = await lockCardWithAccount(tx, cardId);
  if (card.status !== 'pending') throw conflict('already_decided', 'This card request has already been decided');
  if (card.card_type !== expectedType) {
    const message = `This is a ${card.card_type} card request`;
    throw new AppError(400, 'invalid_input', message, { card: message });
  }
  if (account.owner_user_id === staff.id) throw new AppError(403, 'own_request', 'You cannot approve a request on your own account');
  if (account.status !== 'active') throw conflict('account_not_active', 'The account is not active');
  await issueCard(tx, card.id, {
    lastFour: String(randomInt(10_000)).padStart(4, '0'),
    expiryMonth: now.getUTCMonth() + 1,
    expiryYear: now.getUTCFullYear() + cardValidityYears,
    imageUrl: `/api/cardImages/${card.id}`,
    staffUserId: staff.id,
  });
  await recordAudit(tx, { actorUserId: staff.id, action: 'card.approve', subjectType: 'card', subjectId: card.id, before: 'pending', after: 'success', detail: { accountId: account.id, cardType: card.card_type } });
}

/** Deleting a pending request declines it; deleting an issued card's request cancels the card. */
export async function deleteCard(tx: Transaction, staff: SignedInUser, cardId: string): Promise<'declined' | 'cancelled'> {
  const { account, card } = await lockCardWithAccount(tx, cardId);
  if (card.status !== 'pending' && card.status !== 'active') throw conflict('already_closed', 'This card request is already closed');
  const outcome = card.status === 'pending' ? 'declined' : 'cancelled';
  await closeCard(tx, card.id, outcome, staff.id);
  await recordAudit(tx, { actorUserId: staff.id, action: `card.${outcome === 'declined' ? 'decline' : 'cancel'}`, subjectType: 'card', subjectId: card.id, before: card.status === 'active' ? 'success' : 'pending', after: outcome, detail: { accountId: account.id } });
  return outcome;
}
