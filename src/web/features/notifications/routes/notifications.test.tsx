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

  it('tells of a DPS instalment not taken, missed, and of the scheme defaulted, with what it still pays', async () => {
    const instalment = { reference: 'D7K2M9QX4B1N', accountId: '2081234567890', amountPoisha: '100000', dueDay: '2027-05-10' };
    const notice = (id: string, kind: 'dps-instalment-retrying' | 'dps-instalment-missed' | 'dps-defaulted', params: Record<string, string>) => ({
      _id: id,
      kind,
      params: { ...instalment, ...params },
      createdAt: '2027-05-13T18:05:00.000Z',
      readAt: null,
    });
    stubApi({
      'GET /api/notifications': answer(notificationListAnswerSchema, [
        notice('1', 'dps-instalment-retrying', { instalment: '5', lastTryDay: '2027-05-13' }),
        notice('2', 'dps-instalment-missed', { instalment: '5', missedCount: '2', missesLeft: '1' }),
        notice('3', 'dps-instalment-missed', { instalment: '6', missedCount: '3', missesLeft: '0' }),
        notice('4', 'dps-defaulted', { instalment: '7', missedCount: '4', missesAllowed: '3', paidCount: '3', maturityDay: '2028-01-10', earlyRateBasisPoints: '300' }),
      ]),
    });
    const { default: NotificationsPage } = await loadPage();
    renderComponent(<NotificationsPage />);
    expect(
      await screen.findByText(
        'Instalment 5 of your DPS (1,000.00 BDT, due 10 May 2027) could not be taken from your account 2081234567890. It will be tried again at the close of each day until 13 May 2027: keep 1,000.00 BDT in the account by then, or it is missed.',
      ),
    ).toBeTruthy();
    expect(
      screen.getByText(
        'Instalment 5 of your DPS (1,000.00 BDT, due 10 May 2027) was not in your account 2081234567890 by its last try: it is missed and will not be taken later. Instalments missed so far: 2. Up to 1 more may be missed; one more than that defaults the scheme.',
      ),
    ).toBeTruthy();
    expect(screen.getByText(/Instalment 6 of your DPS .* Instalments missed so far: 3\. One more missed instalment and the scheme is defaulted\.$/)).toBeTruthy();
    expect(
      screen.getByText(
        'Instalment 7 of your DPS (1,000.00 BDT, due 10 May 2027) was missed: 4 are now missed, more than the 3 allowed, so the scheme is defaulted. No more instalments will be taken. The 3 paid are paid into your account 2081234567890 on 10 Jan 2028 with interest at the early-closure rate of 3.00 % a year, less source tax; you may close it before then at the same rate.',
      ),
    ).toBeTruthy();
    expect(screen.getAllByText('DPS instalment missed')).toHaveLength(2);
    expect(screen.getByText('DPS defaulted')).toBeTruthy();
    expect(screen.getAllByTestId('notification-reference').map((node) => node.textContent)).toContain('D7K2-M9QX-4B1N');
  });
});
