// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { deleteReceiverAnswerSchema, renameReceiverAnswerSchema, savedReceiverAnswerSchema } from '../../../../shared/schemas/saved-receivers';
import { answer, refusal, stubApi, type StubReply } from '../../../testing/api-stub';
import { renderComponent } from '../../../testing/render';
import { SavedReceiverRow } from './saved-receiver-row';

const receiver = savedReceiverAnswerSchema.parse({
  _id: 'r1',
  accNum: '2089876543210',
  transfer: 'Current',
  participant: null,
  user: 'RA*** AH****',
  nickname: 'Landlord',
  createdAt: '2026-11-01T10:00:00.000Z',
});
const renamed = answer(renameReceiverAnswerSchema, { acknowledged: true, modifiedCount: 1 });
const removed = answer(deleteReceiverAnswerSchema, { deletedCount: 1 });

function renderRow(rename: StubReply = renamed) {
  const api = stubApi({ 'PUT /api/savedReceivers/r1': rename, 'DELETE /api/savedReceivers/r1': removed, 'GET /api/savedReceivers': { status: 200, body: [] } });
  renderComponent(
    <ul>
      <SavedReceiverRow receiver={receiver} />
    </ul>,
  );
  return api;
}

describe('SavedReceiverRow', () => {
  it('renames in place and sends the new nickname', async () => {
    const api = renderRow();
    await userEvent.click(screen.getByRole('button', { name: 'Rename Landlord' }));
    const box = screen.getByLabelText('Nickname (optional)');
    expect((box as HTMLInputElement).value).toBe('Landlord');
    await userEvent.clear(box);
    await userEvent.type(box, 'Flat rent');
    await userEvent.click(screen.getByRole('button', { name: 'Save nickname' }));
    await waitFor(() => expect(screen.queryByLabelText('Nickname (optional)')).toBeNull());
    expect(api.sent('PUT /api/savedReceivers/r1').map((request) => request.body)).toEqual([{ nickname: 'Flat rent' }]);
  });

  it('keeps the form open with the server’s reason when a nickname is refused', async () => {
    renderRow(refusal(400, 'validation_failed', 'Nickname is too long', { nickname: 'Nickname may have at most 40 characters' }));
    await userEvent.click(screen.getByRole('button', { name: 'Rename Landlord' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save nickname' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Nickname may have at most 40 characters');
    expect(screen.getByLabelText('Nickname (optional)')).toBeTruthy();
  });

  it('asks before deleting, and deletes nothing when the customer cancels', async () => {
    const api = renderRow();
    await userEvent.click(screen.getByRole('button', { name: 'Delete Landlord' }));
    const question = screen.getByRole('group', { name: 'Delete Landlord' });
    await userEvent.click(within(question).getByRole('button', { name: 'Cancel' }));
    expect(api.sent('DELETE /api/savedReceivers/r1')).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Delete Landlord' }));
    await userEvent.click(within(screen.getByRole('group', { name: 'Delete Landlord' })).getByRole('button', { name: 'Yes, delete' }));
    await waitFor(() => expect(api.sent('DELETE /api/savedReceivers/r1')).toHaveLength(1));
  });

  it('names the bank or wallet of a receiver elsewhere in the reader’s language, and pays it from the payment form', () => {
    stubApi({ 'GET /api/savedReceivers': { status: 200, body: [] } });
    const wallet = savedReceiverAnswerSchema.parse({
      ...receiver,
      _id: 'r2',
      accNum: '01711000001',
      transfer: null,
      participant: { code: 'BKASH', kind: 'wallet', nameEn: 'bKash', nameBn: 'বিকাশ' },
    });
    renderComponent(
      <ul>
        <SavedReceiverRow receiver={wallet} />
      </ul>,
    );
    expect(screen.getByTestId('saved-receiver').textContent).toContain('RA*** AH**** · bKash wallet 01711000001');
    expect(screen.getByRole('link', { name: 'Pay Landlord' }).getAttribute('href')).toBe('/payments/new?receiver=r2');
  });
});
