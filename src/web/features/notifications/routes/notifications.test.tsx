// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { notificationListAnswerSchema } from '../../../../shared/schemas/notifications';
import { answer, stubApi } from '../../../testing/api-stub';
import { renderComponent } from '../../../testing/render';
import { loadPage } from './notifications';

const matured = (id: string, params: Record<string, string>) => ({
  _id: id,
  kind: 'term-deposit-matured' as const,
  params: { accountId: '2081234567890', day: '2027-12-10', interestPoisha: '46488', taxPoisha: '6973', reference: 'J1ME4EHS0N30', ...params },
  createdAt: '2027-12-10T18:05:00.000Z',
  readAt: null,
});

describe('the notifications page', () => {
  it('tells of a matured FDR or DPS in the customer’s words: paid, renewed with its principal, or renewed whole', async () => {
    stubApi({
      'GET /api/notifications': answer(notificationListAnswerSchema, [
        matured('1', { scheme: 'dps', outcome: 'paid', paidPoisha: '1239515' }),
        matured('2', { scheme: 'fdr', outcome: 'renewed-principal', paidPoisha: '39515' }),
        matured('3', { scheme: 'fdr', outcome: 'renewed-all', paidPoisha: '1039515' }),
      ]),
    });
    const { default: NotificationsPage } = await loadPage();
    renderComponent(<NotificationsPage />);
    expect(await screen.findByText('Your DPS matured on 10 Dec 2027: 12,395.15 BDT was paid into your account 2081234567890 (interest 464.88 BDT, less source tax 69.73 BDT).')).toBeTruthy();
    expect(
      screen.getByText('Your FDR matured on 10 Dec 2027 and was renewed for the same term with its principal; its interest after source tax, 395.15 BDT, was paid into your account 2081234567890.'),
    ).toBeTruthy();
    expect(
      screen.getByText('Your FDR matured on 10 Dec 2027 and was renewed for the same term with its interest: the new FDR holds 10,395.15 BDT (interest 464.88 BDT, less source tax 69.73 BDT).'),
    ).toBeTruthy();
    expect(screen.getAllByText('Deposit matured')).toHaveLength(3);
  });
});
