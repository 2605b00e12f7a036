// @vitest-environment happy-dom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { accountRequestAnswerSchema } from '../../../../shared/schemas/banking-answers';
import { imageUploadAnswerSchema } from '../../../../shared/schemas/images';
import { answer, refusal, stubApi, type StubReply } from '../../../testing/api-stub';
import { renderComponent } from '../../../testing/render';
import OpenAccountPage from './open-account';

const session = { status: 200, body: { user: { id: 'user-1', email: 'karim@example.com', name: 'Karim Hossain', role: 'user', twoFactorEnabled: false } } };
const uploaded = answer(imageUploadAnswerSchema, { success: true, status: 200, data: { url: '/api/images/photo-1', id: 'photo-1' } });
const requested = answer(accountRequestAnswerSchema, { acknowledged: true, insertedId: 'request-1' });

function renderPage(request: StubReply = requested) {
  const api = stubApi({ 'GET /api/auth/get-session': session, 'POST /api/images': uploaded, 'POST /api/requestedUsers': request });
  renderComponent(<OpenAccountPage />);
  return api;
}

const nomineeStepShown = () => !screen.getByLabelText('Nominee name').closest('.card-body')?.classList.contains('hidden');

async function fillPersonalStep(typist: ReturnType<typeof userEvent.setup>, { year = '1990', nid = '1234567890' } = {}) {
  await screen.findByDisplayValue('karim@example.com');
  await typist.selectOptions(screen.getByLabelText('Account type'), 'savings');
  await typist.clear(screen.getByLabelText('Mobile phone'));
  await typist.type(screen.getByLabelText('Mobile phone'), '01712345678');
  await typist.selectOptions(screen.getByLabelText('Gender'), 'Male');
  await typist.type(screen.getByLabelText('Day'), '15');
  await typist.selectOptions(screen.getByLabelText('Month'), '4');
  await typist.type(screen.getByLabelText('Year'), year);
  await typist.type(screen.getByLabelText('National ID (NID) number'), nid);
  await typist.upload(screen.getByLabelText('Your photo'), new File(['photo'], 'me.png', { type: 'image/png' }));
}

async function fillNomineeStep(typist: ReturnType<typeof userEvent.setup>, nomineeId = '9876543210') {
  await typist.type(screen.getByLabelText('Residential area'), 'Dhanmondi');
  await typist.type(screen.getByLabelText('Permanent area'), 'Cumilla');
  await typist.type(screen.getByLabelText('Nominee name'), 'Rahima Hossain');
  await typist.type(screen.getByLabelText('Nominee NID number'), nomineeId);
  await typist.selectOptions(screen.getByLabelText('Relation with nominee'), 'Spouse');
}

describe('the account request form', () => {
  it('keeps the customer on the first step until its fields are right', async () => {
    renderPage();
    const typist = userEvent.setup();
    await screen.findByDisplayValue('karim@example.com');
    await typist.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Please select the Account Type')).toBeTruthy();
    expect(screen.getByText('Profile Photo is required')).toBeTruthy();
    expect(nomineeStepShown()).toBe(false);
  });

  it('refuses a holder younger than the account type allows, back on the first step under the date of birth', async () => {
    const api = renderPage();
    const typist = userEvent.setup();
    await fillPersonalStep(typist, { year: String(new Date().getFullYear() - 10) });
    await typist.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(nomineeStepShown()).toBe(true));
    await fillNomineeStep(typist);
    await typist.click(screen.getByRole('button', { name: 'Request Account' }));
    expect(await screen.findByText('The account holder must be at least 18 years old')).toBeTruthy();
    expect(nomineeStepShown()).toBe(false);
    expect(api.sent('POST /api/requestedUsers')).toHaveLength(0);
  });

  it('refuses a nominee with the holder’s own NID, and sends nothing', async () => {
    const api = renderPage();
    const typist = userEvent.setup();
    await fillPersonalStep(typist);
    await typist.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(nomineeStepShown()).toBe(true));
    await fillNomineeStep(typist, '1234567890');
    await typist.click(screen.getByRole('button', { name: 'Request Account' }));
    expect(await screen.findByText('Nominee NID must differ from your own NID')).toBeTruthy();
    expect(api.sent('POST /api/requestedUsers')).toHaveLength(0);
  });

  it('sends the request with the uploaded photo and the profile’s e-mail, and shows the reference', async () => {
    const api = renderPage();
    const typist = userEvent.setup();
    await fillPersonalStep(typist);
    await typist.click(screen.getByRole('button', { name: 'Next' }));
    await fillNomineeStep(typist);
    await typist.click(screen.getByRole('button', { name: 'Request Account' }));
    expect(await screen.findByText('request-1')).toBeTruthy();
    const [sent] = api.sent('POST /api/requestedUsers');
    expect(sent?.body).toMatchObject({
      role: 'Savings',
      email: 'karim@example.com',
      img: '/api/images/photo-1',
      nid: '1234567890',
      nomineeId: '9876543210',
      birthDate: '1990-04-15',
      nomineeRelation: 'Spouse',
    });
  });

  it('brings back the first step when the server refuses one of its fields, with the message under it', async () => {
    renderPage(refusal(400, 'invalid_input', 'Please check the form', { phone: 'Phone No. is already used by another request' }));
    const typist = userEvent.setup();
    await fillPersonalStep(typist);
    await typist.click(screen.getByRole('button', { name: 'Next' }));
    await fillNomineeStep(typist);
    await typist.click(screen.getByRole('button', { name: 'Request Account' }));
    expect(await screen.findByText('Phone No. is already used by another request')).toBeTruthy();
    await waitFor(() => expect(nomineeStepShown()).toBe(false));
    expect(screen.getByLabelText<HTMLInputElement>('National ID (NID) number').value).toBe('1234567890');
  });
});
