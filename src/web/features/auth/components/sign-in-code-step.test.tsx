// @vitest-environment happy-dom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { addTexts } from '../../../lib/i18n';
import { enAccount } from '../../../locales/en-account';
import { refusal, stubApi, type StubReply } from '../../../testing/api-stub';
import { renderComponent } from '../../../testing/render';
import { SignInCodeStep } from './sign-in-code-step';

addTexts(enAccount);

const verified: StubReply = { status: 200, body: { token: 'session' } };
const signedIn: StubReply = { status: 200, body: { user: { id: 'u1', email: 'karim@example.com', name: 'Karim Hossain', role: 'user', twoFactorEnabled: true } } };

/** The step on the login page; the person goes on to `/myLoans`, where nothing is drawn, once signed in. */
function renderStep(verify: StubReply = verified, recovery: StubReply = verified) {
  const api = stubApi({ 'POST /api/auth/two-factor/verify-totp': verify, 'POST /api/auth/two-factor/verify-backup-code': recovery, 'GET /api/auth/get-session': signedIn });
  renderComponent(<SignInCodeStep from="/myLoans" />, { path: '/logIn', route: '/logIn' });
  return api;
}

const codeBox = () => screen.getByRole('textbox');
const submit = () => userEvent.click(screen.getByRole('button', { name: 'Verify and log in' }));

describe('SignInCodeStep', () => {
  it('sends an app code typed in Bangla digits with spaces as six ASCII digits, and goes on to where the person was going', async () => {
    const api = renderStep();
    await userEvent.type(codeBox(), '১২৩ ৪৫৬');
    await submit();
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Enter your code' })).toBeNull());
    expect(api.sent('POST /api/auth/two-factor/verify-totp').map((request) => request.body)).toEqual([{ code: '123456' }]);
  });

  it('refuses an app code that is not six digits without sending it, and keeps focus in the box', async () => {
    const api = renderStep();
    await submit();
    expect(screen.getByText('Code is required')).toBeTruthy();
    await userEvent.type(codeBox(), '12345');
    await submit();
    expect(screen.getByText('Enter the 6-digit code from your authenticator app')).toBeTruthy();
    expect(document.activeElement).toBe(codeBox());
    expect(api.sent('POST /api/auth/two-factor/verify-totp')).toHaveLength(0);
  });

  it('takes a recovery code in its own shape instead, sent as typed', async () => {
    const api = renderStep();
    await userEvent.click(screen.getByRole('button', { name: 'Lost your phone? Use a recovery code' }));
    expect(screen.getByLabelText('Recovery code')).toBe(codeBox());
    await submit();
    expect(screen.getByText('Recovery code is required')).toBeTruthy();
    await userEvent.type(codeBox(), '123456');
    await submit();
    expect(screen.getByText('Enter a recovery code as it was shown, such as ab3de-9xk2p')).toBeTruthy();
    expect(api.sent('POST /api/auth/two-factor/verify-backup-code')).toHaveLength(0);
    await userEvent.clear(codeBox());
    await userEvent.type(codeBox(), ' ab3de-9xk2p ');
    await submit();
    await waitFor(() => expect(api.sent('POST /api/auth/two-factor/verify-backup-code').map((request) => request.body)).toEqual([{ code: 'ab3de-9xk2p' }]));
    expect(api.sent('POST /api/auth/two-factor/verify-totp')).toHaveLength(0);
  });

  it('shows a code the server refused under the box, and stays on the step', async () => {
    renderStep(refusal(400, 'invalid_code', 'Invalid code', { code: 'That code is not right. Try the one your app shows now.' }));
    await userEvent.type(codeBox(), '111111');
    await submit();
    expect(await screen.findByText('That code is not right. Try the one your app shows now.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Enter your code' })).toBeTruthy();
  });

  it('sends the person back to log in when the sign-in expired', async () => {
    renderStep(refusal(401, 'sign_in_expired', 'Sign-in expired'));
    await userEvent.type(codeBox(), '111111');
    await submit();
    expect((await screen.findByRole('alert')).textContent).toBe('Your sign-in has expired. Log in again with your e-mail and password.');
    expect(screen.getByRole('link', { name: 'Back to log in' }).getAttribute('href')).toBe('/logIn');
    expect(screen.queryByRole('textbox')).toBeNull();
  });
});
