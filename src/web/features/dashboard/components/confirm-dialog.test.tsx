// @vitest-environment happy-dom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { addTexts } from '../../../lib/i18n';
import { enDashboard } from '../../../locales/en-dashboard';
import { renderComponent } from '../../../testing/render';
import { ConfirmDialog, type ConfirmRequest } from './confirm-dialog';

addTexts(enDashboard);

function openDialog(asks: Pick<ConfirmRequest, 'askReason' | 'askWords'>) {
  const run = vi.fn<ConfirmRequest['run']>(() => Promise.resolve());
  const onClose = vi.fn();
  const request: ConfirmRequest = { subject: 'loan-1:Decline', title: 'Decline this loan?', body: 'The customer is told why.', confirmLabel: 'Decline loan', tone: 'error', run, ...asks };
  renderComponent(<ConfirmDialog request={request} onClose={onClose} />);
  return { run, onClose };
}

const confirm = () => userEvent.click(screen.getByRole('button', { name: 'Decline loan' }));

describe('ConfirmDialog', () => {
  it('sends a decline only with a reason from the list, and with a note when the reason is Other', async () => {
    const { run, onClose } = openDialog({ askReason: true });
    await confirm();
    expect(screen.getByText('Choose why the request is declined')).toBeTruthy();
    await userEvent.selectOptions(screen.getByLabelText('Reason'), 'other');
    await confirm();
    expect(screen.getByText('For “Other”, write why the request is declined')).toBeTruthy();
    expect(run).not.toHaveBeenCalled();
    await userEvent.type(screen.getByLabelText('Note for the customer'), 'The salary certificate is from 2019.');
    await confirm();
    await waitFor(() => expect(run).toHaveBeenCalledTimes(1));
    const [key, decline, words] = run.mock.calls[0] ?? [];
    expect(key).toMatch(/\S{16,}/);
    expect(decline).toEqual({ reason: 'other', note: 'The salary certificate is from 2019.' });
    expect(words).toBeUndefined();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('asks a colleague’s decline in the staff member’s own words, required, and sends them trimmed', async () => {
    const { run } = openDialog({ askWords: { label: 'Reason', required: 'Say why the notice is declined' } });
    await userEvent.type(screen.getByLabelText('Reason'), '   ');
    await confirm();
    expect(screen.getByText('Say why the notice is declined')).toBeTruthy();
    expect(run).not.toHaveBeenCalled();
    await userEvent.type(screen.getByLabelText('Reason'), 'The end time is before the start. ');
    await confirm();
    await waitFor(() => expect(run).toHaveBeenCalledTimes(1));
    expect(run.mock.calls[0]?.slice(1)).toEqual([undefined, 'The end time is before the start.']);
  });
});
