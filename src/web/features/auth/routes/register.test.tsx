// @vitest-environment happy-dom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stepUpCheckAnswerSchema } from '../../../../shared/schemas/two-factor';
import { answer, stubApi, type StubReply } from '../../../testing/api-stub';
import { renderComponent } from '../../../testing/render';
import RegisterPage from './register';

const codeSent = answer(stepUpCheckAnswerSchema, { stepUp: 'sms', sentTo: '01712-345678', expiresInSeconds: 300 });
const signedUp: StubReply = { status: 200, body: { token: 'session', user: { id: 'u1' } } };

/** The page alone at /register; a new customer goes on to /myAccounts, where nothing is drawn. */
function renderRegister() {
  const api = stubApi({ 'POST /api/auth/sign-up/phone-code': codeSent, 'POST /api/auth/sign-up/email': signedUp, 'GET /api/auth/get-session': { status: 200, body: null } });
  renderComponent(<RegisterPage />, { path: '/register', route: '/register' });
  return api;
}

async function fillInPerson() {
  await userEvent.type(screen.getByLabelText('Full name'), 'Farzana Haque');
  await userEvent.type(screen.getByLabelText('Email address'), 'farzana@example.com');
  await userEvent.type(screen.getByLabelText('Password'), 'a river runs by the old mill');
}

const register = () => userEvent.click(screen.getByRole('button', { name: 'Register' }));
const leftThePage = () => waitFor(() => expect(screen.queryByRole('heading', { name: 'Create your online banking profile' })).toBeNull());

describe('RegisterPage', () => {
  it('registers without a number when none is typed', async () => {
    const api = renderRegister();
    await fillInPerson();
    await register();
    await leftThePage();
    expect(api.sent('POST /api/auth/sign-up/email').map((request) => request.body)).toEqual([{ name: 'Farzana Haque', email: 'farzana@example.com', password: 'a river runs by the old mill' }]);
    expect(api.sent('POST /api/auth/sign-up/phone-code')).toHaveLength(0);
  });

  it('refuses a number whose code was never asked for, and sends nothing', async () => {
    const api = renderRegister();
    await fillInPerson();
    await userEvent.type(screen.getByLabelText('Mobile number'), '01712-345678');
    await register();
    expect(await screen.findByText('Tap “Send code” and type the code from the SMS, or leave the number empty.')).toBeTruthy();
    expect(api.sent('POST /api/auth/sign-up/email')).toHaveLength(0);
  });

  it('sends the code first, then registers with the number and its code; another number forgets the code', async () => {
    const api = renderRegister();
    await fillInPerson();
    await userEvent.type(screen.getByLabelText('Mobile number'), '01712-345678');
    await userEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect((await screen.findByRole('status')).textContent).toContain('We sent a 6-digit code by SMS');
    expect(api.sent('POST /api/auth/sign-up/phone-code')).toHaveLength(1);
    await userEvent.type(screen.getByLabelText('Mobile number'), '9');
    expect(screen.queryByLabelText('Code from the SMS')).toBeNull();
    await userEvent.clear(screen.getByLabelText('Mobile number'));
    await userEvent.type(screen.getByLabelText('Mobile number'), '01712-345678');
    await userEvent.click(screen.getByRole('button', { name: 'Send code' }));
    await userEvent.type(await screen.findByLabelText('Code from the SMS'), '482913');
    await register();
    await leftThePage();
    const [sent] = api.sent('POST /api/auth/sign-up/email');
    expect(sent?.body).toMatchObject({ name: 'Farzana Haque', phoneCode: '482913' });
    expect((sent?.body as { phoneNumber?: string }).phoneNumber).toMatch(/1712345678$/);
  });
});
