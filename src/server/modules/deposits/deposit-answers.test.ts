import { describe, expect, it } from 'vitest';
import { AppError } from '../../errors';
import { depositRequestCommandOf, inDepositWireNames, toDepositRequestAnswer } from './deposit-answers';

describe('a deposit request in the bank’s words', () => {
  it('reads `accNum` as the customer’s account and `depositAmount` as the amount in poisha', () => {
    expect(depositRequestCommandOf({ accNum: '1000000000014', depositAmount: 2_500_075n })).toEqual({ accountId: '1000000000014', amountPoisha: 2_500_075n });
  });

  it('names a refusal’s fields as the request did', () => {
    const answered = inDepositWireNames(new AppError(409, 'too_many_pending', 'Wait', { accountId: 'Wait', amountPoisha: 'Too much' }));
    expect((answered as AppError).fields).toEqual({ accNum: 'Wait', depositAmount: 'Too much' });
  });

  it('answers the request’s id and its reference as shown', () => {
    expect(toDepositRequestAnswer({ id: 'c5b0b0c8-7a61-4c1e-9d0e-2f6f3c1f9a10', reference: 'AB12CD34' })).toEqual({
      acknowledged: true,
      insertedId: 'c5b0b0c8-7a61-4c1e-9d0e-2f6f3c1f9a10',
      reference: 'AB12-CD34',
    });
  });
});
