// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { accountAnswerSchema, cardRequestAnswerSchema } from '../../../../shared/schemas/banking-answers';
import { activeAccount as account } from '../../../testing/account-fixture';
import { answer, stubApi, type StubReply } from '../../../testing/api-stub';
import { renderComponent } from '../../../testing/render';
import CardRequestPage from './card-request';

function renderPage(requested: StubReply = answer(cardRequestAnswerSchema, { acknowledged: true, insertedId: 'card-request-1' })) {
  const api = stubApi({ [`GET /api/singleAccDetails/${account._id}`]: answer(accountAnswerSchema, account), 'POST /api/cardsReq': requested });
  renderComponent(<CardRequestPage />, { path: `/cardRequest/${account._id}`, route: '/cardRequest/:id' });
  return api;
}

describe('the card request', () => {
  it('asks for a card type with the card request’s own rule, and sends nothing without one', async () => {
    const api = renderPage();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Request' }));
    expect(await screen.findByText('Please select the Card Type')).toBeTruthy();
    expect(api.sent('POST /api/cardsReq')).toHaveLength(0);
  });

  it('sends the type and the page’s account, and shows the request’s id from the answer', async () => {
    const api = renderPage();
    const typist = userEvent.setup();
    await typist.click(await screen.findByLabelText('Credit Card'));
    await typist.click(screen.getByRole('button', { name: 'Request' }));
    expect(await screen.findByText('Requested Successfully!!!')).toBeTruthy();
    expect(screen.getByText('card-request-1')).toBeTruthy();
    expect(api.sent('POST /api/cardsReq').map((request) => request.body)).toEqual([{ card: 'credit', accNum: account._id }]);
  });
});
