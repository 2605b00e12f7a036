import { randomInt } from 'node:crypto';
import { staffRole, type CardTypeSlug } from '../../../shared/constants';
import type { Executor, Transaction } from '../../db/client';
import { AppError, conflict, notFound } from '../../errors';
import type { SignedInUser } from '../auth/signed-in-user';
import { lockOwnActiveAccount } from '../accounts/accounts.service';
import type { RequestType } from '../decisions/staff-decision';
import { closeCard, findCard, hasOpenCard, insertCardRequest, issueCard, lockCard, type CardRow } from './cards.repository';

export const cardValidityYears = 5;

/** A card asked for, in the bank's words (`card-answers.ts` maps the wire's): the customer's account and the card's type. */
export type CardRequestCommand = { accountId: string; cardType: CardTypeSlug };

export async function requestCard(tx: Transaction, user: SignedInUser, command: CardRequestCommand): Promise<string> {
  const account = await lockOwnActiveAccount(tx, command.accountId, user.id, 'accountId');
  if (await hasOpenCard(tx, account.id)) {
    throw conflict('card_exists', 'This account already has a card or a card request waiting for approval');
  }
  return insertCardRequest(tx, { accountId: account.id, ownerUserId: user.id, cardType: command.cardType });
}

export async function findVisibleCard(executor: Executor, viewer: SignedInUser, cardId: string): Promise<CardRow> {
  const card = await findCard(executor, cardId);
  if (!card || (viewer.role !== staffRole && card.ownerUserId !== viewer.id)) throw notFound('Card');
  return card;
}

export type CardClosed = { after: 'declined' | 'cancelled'; action?: string; detail?: Record<string, unknown> };

/**
 * Card requests as the routes of one card type see them: the debit route approves only debit
 * cards (`approvedAs` undefined: any type, for declining, which does not depend on it). Approval issues the card: only the last four digits exist anywhere, and the picture
 * is drawn from them. Declining a pending request declines it with the staff's reason, as every
 * request type does; declining an issued card's request cancels the card.
 */
function cardRequestsOfType(approvedAs?: CardTypeSlug): RequestType<CardRow, { after: 'success' }, CardClosed> {
  return {
    label: 'Card request',
    subjectType: 'card',
    table: 'card',
    lock: lockCard,
    notice: (card) => ({ request: 'card', cardType: card.cardType }),
    approve: {
      action: 'card.approve',
      from: ['pending'],
      refusal: { code: 'already_decided', message: 'This card request has already been decided' },
      apply: async ({ tx, staff, request: card }) => {
        if (approvedAs !== undefined && card.cardType !== approvedAs) {
          const message = `This is a ${card.cardType} card request`;
          throw new AppError(400, 'invalid_input', message, { cardType: message });
        }
        const now = new Date();
        await issueCard(tx, card.id, {
          lastFour: String(randomInt(10_000)).padStart(4, '0'),
          expiryMonth: now.getUTCMonth() + 1,
          expiryYear: now.getUTCFullYear() + cardValidityYears,
          imageUrl: `/api/cardImages/${card.id}`,
          staffUserId: staff.id,
        });
        return { after: 'success', detail: { cardType: card.cardType } };
      },
    },
    decline: {
      action: 'card.decline',
      from: ['pending', 'active'],
      refusal: { code: 'already_closed', message: 'This card request is already closed' },
      apply: async ({ tx, staff, request: card, declineRequest }) => {
        if (card.status === 'pending') return { ...(await declineRequest()), after: 'declined' as const };
        await closeCard(tx, card.id, 'cancelled', staff.id);
        return { after: 'cancelled' as const, action: 'card.cancel' };
      },
    },
  };
}

export const cardRequests = { debit: cardRequestsOfType('debit'), credit: cardRequestsOfType('credit'), anyType: cardRequestsOfType() };
