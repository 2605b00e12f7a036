// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { accountAnswerSchema, statementAnswerSchema } from '../../shared/schemas/banking-answers';
import { answer, stubApi } from '../testing/api-stub';
import { activeAccount } from '../testing/account-fixture';
import { getAccount, getStatementPage } from './account-queries';

afterEach(() => {
  vi.unstubAllGlobals();
});

const accountPath = `GET /api/singleAccDetails/${activeAccount._id}`;
const statementPath = `GET /api/accountStatement/${activeAccount._id}`;

describe('an account and its statement', () => {
  it('are read through the schemas the server answers with, loaded beside the answer', async () => {
    const statement = answer(statementAnswerSchema, {
      accountId: activeAccount._id,
      lines: [
        { id: 'line-1', date: '2026-11-01', kind: 'deposit', description: 'Cash deposit', movement: null, debit: null, credit: 500, balance: 5_000, entryId: 'entry-1', reference: '7K2M-9QRB-4TXW' },
      ],
      nextBefore: null,
    });
    stubApi({ [accountPath]: answer(accountAnswerSchema, activeAccount), [statementPath]: statement });
    await expect(getAccount(activeAccount._id)).resolves.toEqual(activeAccount);
    await expect(getStatementPage(activeAccount._id, null)).resolves.toEqual(statement.body);
  });

  it('fail on an answer of another shape instead of showing a balance that is not there', async () => {
    const { amount: _balance, ...withoutBalance } = activeAccount;
    stubApi({ [accountPath]: { status: 200, body: withoutBalance }, [statementPath]: { status: 200, body: { accountId: activeAccount._id, lines: [{ id: 'line-1' }], nextBefore: null } } });
    await expect(getAccount(activeAccount._id)).rejects.toThrow(/amount/);
    await expect(getStatementPage(activeAccount._id, null)).rejects.toThrow(/balance/);
  });
});
