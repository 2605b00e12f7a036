// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { proposalDecision, type ProposalDecisionWords } from './proposal-decision';

const words: ProposalDecisionWords = {
  title: 'Approve these rates?',
  body: 'From 1 January',
  confirmLabel: 'Approve',
  approved: 'Approved',
  declined: 'Declined',
  declineReason: { label: 'Why', required: 'Say why' },
};

describe('a decision on a colleague’s proposal', () => {
  it('approves with the dialog’s key and asks for no words', async () => {
    const approve = vi.fn(() => Promise.resolve());
    const decline = vi.fn(() => Promise.resolve());
    const request = proposalDecision({ id: 'p1', kind: 'approve', words, facts: [{ label: 'Rate', value: '8 %' }], calls: { approve: { mutateAsync: approve }, decline: { mutateAsync: decline } } });
    expect(request).toMatchObject({ subject: 'p1:approve', title: words.title, body: words.body, confirmLabel: 'Approve', tone: 'primary', facts: [{ label: 'Rate', value: '8 %' }] });
    expect(request.askWords).toBeUndefined();
    await request.run('key-1');
    expect(approve).toHaveBeenCalledWith({ id: 'p1', idempotencyKey: 'key-1' });
    expect(decline).not.toHaveBeenCalled();
  });

  it('declines with the decliner’s reason, required, under a subject of its own', async () => {
    const approve = vi.fn(() => Promise.resolve());
    const decline = vi.fn(() => Promise.resolve());
    const request = proposalDecision({ id: 'p1', kind: 'decline', words, facts: [], calls: { approve: { mutateAsync: approve }, decline: { mutateAsync: decline } } });
    expect(request).toMatchObject({ subject: 'p1:decline', tone: 'error', askWords: { label: 'Why', required: 'Say why' } });
    await request.run('key-2', undefined, 'Rates above the policy');
    expect(decline).toHaveBeenCalledWith({ id: 'p1', idempotencyKey: 'key-2', reason: 'Rates above the policy' });
    expect(approve).not.toHaveBeenCalled();
  });

  it('lets a refusal reach the dialog, which keeps its key for a retry', async () => {
    const refused = new Error('409');
    const request = proposalDecision({
      id: 'p1',
      kind: 'approve',
      words,
      facts: [],
      calls: { approve: { mutateAsync: () => Promise.reject(refused) }, decline: { mutateAsync: () => Promise.resolve() } },
    });
    await expect(request.run('key-3')).rejects.toBe(refused);
  });
});
