import { describe, expect, it } from 'vitest';
import { AppError } from '../../errors';
import { inTransferWireNames, transferCommandOf } from './transfer-answers';

describe('a transfer request in the bank’s words', () => {
  it('reads `id` as the sender’s account and `accNum` as the receiver’s', () => {
    expect(transferCommandOf({ id: '1000000000014', accNum: '1000000000022', confirmedName: 'KA*** HO*****', sendAmount: 150_050n })).toEqual({
      senderAccountId: '1000000000014',
      receiverAccountId: '1000000000022',
      confirmedReceiverName: 'KA*** HO*****',
      amountPoisha: 150_050n,
    });
  });

  it('names a refusal’s fields as the request did, keeping everything else', () => {
    const refusal = new AppError(400, 'receiver_mismatch', 'No match', { receiverAccountId: 'No match', amountPoisha: 'Too much', code: 'Wrong code' }, { 'retry-after': '5' });
    const answered = inTransferWireNames(refusal);
    expect(answered).toBeInstanceOf(AppError);
    expect(answered).toMatchObject({ statusCode: 400, code: 'receiver_mismatch', message: 'No match', headers: { 'retry-after': '5' } });
    expect((answered as AppError).fields).toEqual({ accNum: 'No match', sendAmount: 'Too much', code: 'Wrong code' });
    const failure = new Error('not a refusal');
    expect(inTransferWireNames(failure)).toBe(failure);
  });
});
