import { describe, expect, it } from 'vitest';
import { bnBanking } from './bn-banking';
import { bnDashboard } from './bn-dashboard';
import { enBanking } from './en-banking';
import { enDashboard } from './en-dashboard';

describe('the statement for a period', () => {
  it('says the same on the customer’s and the staff’s page, whose catalogues each carry a copy', () => {
    expect(enDashboard.statementPeriod).toEqual(enBanking.statementPeriod);
    expect(bnDashboard.statementPeriod).toEqual(bnBanking.statementPeriod);
  });
});
