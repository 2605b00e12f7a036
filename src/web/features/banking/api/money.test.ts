// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { depositRequestAnswerSchema } from '../../../../shared/schemas/banking-answers';
import { answer, stubApi } from '../../../testing/api-stub';
import { sendCardRequest, sendDepositRequest } from './money';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the money calls’ answers', () => {
  it('are read through the schema the server answers with', async () => {
    stubApi({ 'PUT /api/depositReq': answer(depositRequestAnswerSchema, { acknowledged: true, insertedId: 'deposit-1', reference: '7K2M-9QRB-4TXW' }) });
    await expect(sendDepositRequest({ accNum: '2081234567890', depositAmount: '500.00' }, 'web-key-00000001')).resolves.toEqual({
      acknowledged: true,
      insertedId: 'deposit-1',
      reference: '7K2M-9QRB-4TXW',
    });
  });

  it('fail on an answer of another shape instead of showing a receipt without its reference', async () => {
    stubApi({ 'PUT /api/depositReq': { status: 200, body: { acknowledged: true, insertedId: 'deposit-1' } }, 'POST /api/cardsReq': { status: 200, body: { acknowledged: true } } });
    await expect(sendDepositRequest({ accNum: '2081234567890', depositAmount: '500.00' }, 'web-key-00000002')).rejects.toThrow(/reference/);
    await expect(sendCardRequest({ accNum: '2081234567890', card: 'debit' }, 'web-key-00000003')).rejects.toThrow(/insertedId/);
  });
});
