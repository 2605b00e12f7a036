// @vitest-environment happy-dom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { addTexts } from '../../../lib/i18n';
import { noteSessionEndsIn, sessionEndsAt } from '../../../lib/session-deadline';
import { enAccount } from '../../../locales/en-account';
import { stubApi, type StubReply } from '../../../testing/api-stub';
import { renderComponent } from '../../../testing/render';
import SessionTimeoutWarning from './session-timeout-warning';

addTexts(enAccount);
afterEach(() => noteSessionEndsIn(null));

const signedIn: StubReply = { status: 200, body: { user: { id: 'u1', email: 'karim@example.com', name: 'Karim Hossain', role: 'user' } } };

/** The dialog on a signed-in page at /myAccounts; the login page, where it leads, draws nothing here. */
function renderWarning() {
  const api = stubApi({ 'GET /api/auth/get-session': signedIn, 'POST /api/auth/sign-out': { status: 200, body: { success: true } } });
  renderComponent(<SessionTimeoutWarning />, { path: '/myAccounts', route: '/myAccounts' });
  return api;
}

describe('SessionTimeoutWarning', () => {
  it('counts down in the last minute, and says the 12-hour limit is reached when staying cannot move the end', async () => {
    noteSessionEndsIn(30);
    const api = renderWarning();
    expect((await screen.findByRole('heading', { name: 'Are you still there?' })).textContent).toBeTruthy();
    expect(screen.getByText(/you will be signed out in (29|30) seconds, after 30 minutes without activity/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Stay signed in' }));
    // The server's answer carries no later end: the session has reached its longest.
    expect(await screen.findByRole('heading', { name: 'Your session is ending' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Stay signed in' })).toBeNull();
    expect(api.sent('GET /api/auth/get-session').length).toBeGreaterThanOrEqual(2);
  });

  it('says nothing while more than a minute is left', async () => {
    noteSessionEndsIn(5 * 60);
    const api = renderWarning();
    await waitFor(() => expect(api.sent('GET /api/auth/get-session')).toHaveLength(1));
    expect(screen.queryByRole('heading')).toBeNull();
  });

  it('signs out when asked, forgets the deadline and leaves for the login page', async () => {
    noteSessionEndsIn(30);
    const api = renderWarning();
    await screen.findByRole('heading', { name: 'Are you still there?' });
    await userEvent.click(screen.getByRole('button', { name: 'Sign out now' }));
    await waitFor(() => expect(api.sent('POST /api/auth/sign-out')).toHaveLength(1));
    expect(sessionEndsAt()).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Are you still there?' })).toBeNull();
  });

  it('signs out by itself once the end has passed', async () => {
    noteSessionEndsIn(0);
    const api = renderWarning();
    await waitFor(() => expect(api.sent('POST /api/auth/sign-out')).toHaveLength(1));
    expect(sessionEndsAt()).toBeNull();
  });
});
