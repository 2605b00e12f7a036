import { describe, expect, it } from 'vitest';
import { AppError } from '../../errors';
import { cardRequestCommandOf, inCardWireNames } from './card-answers';

describe('a card request in the bank’s words', () => {
  it('reads `accNum` as the customer’s account and `card` as the card’s type', () => {
    expect(cardRequestCommandOf({ accNum: '1000000000014', card: 'credit' })).toEqual({ accountId: '1000000000014', cardType: 'credit' });
  });

  it('names a refusal’s fields as the request did, keeping everything else', () => {
    const refusal = new AppError(400, 'account_not_active', 'Not active', { accountId: 'Not active', cardType: 'Wrong type', reason: 'Why' });
    const answered = inCardWireNames(refusal);
    expect(answered).toMatchObject({ statusCode: 400, code: 'account_not_active', message: 'Not active' });
    expect((answered as AppError).fields).toEqual({ accNum: 'Not active', card: 'Wrong type', reason: 'Why' });
  });
});
