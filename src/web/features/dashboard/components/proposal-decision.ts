import { toast } from '../../../lib/toast';
import type { ConfirmFact, ConfirmRequest } from './confirm-dialog';

/** What the second member of staff does with a colleague's proposal. */
export type ProposalDecisionKind = 'approve' | 'decline';

/** The words of one screen's decision dialogs, in the reader's language. */
export type ProposalDecisionWords = {
  title: string;
  body: string;
  confirmLabel: string;
  /** The toasts once the decision is made. */
  approved: string;
  declined: string;
  /** The decliner's reason: required, for the proposer to read. */
  declineReason: { label: string; required: string };
};

/** The two calls of a proposal screen's decisions, as its mutations make them. */
export type ProposalDecisionCalls = {
  approve: { mutateAsync: (variables: { id: string; idempotencyKey: string }) => Promise<unknown> };
  decline: { mutateAsync: (variables: { id: string; idempotencyKey: string; reason: string }) => Promise<unknown> };
};

/**
 * The confirm dialog of a decision on a proposal another member of staff made (interest terms,
 * FDR and DPS rate sheets, excise tables, service notices): an approval asked plainly, a decline
 * with the decliner's reason, each sent under the dialog's Idempotency-Key. The screens differ in
 * their words, their facts and their two mutations; how a decision is asked, sent and acknowledged
 * is written here once.
 */
export function proposalDecision(options: { id: string; kind: ProposalDecisionKind; words: ProposalDecisionWords; facts: ConfirmFact[]; calls: ProposalDecisionCalls }): ConfirmRequest {
  const { id, kind, words, facts, calls } = options;
  const common = { subject: `${id}:${kind}`, title: words.title, body: words.body, facts, confirmLabel: words.confirmLabel };
  if (kind === 'approve') {
    return {
      ...common,
      tone: 'primary',
      run: async (key) => {
        await calls.approve.mutateAsync({ id, idempotencyKey: key });
        toast.success(words.approved);
      },
    };
  }
  return {
    ...common,
    tone: 'error',
    askWords: words.declineReason,
    run: async (key, _decline, reason) => {
      await calls.decline.mutateAsync({ id, idempotencyKey: key, reason: reason ?? '' });
      toast.success(words.declined);
    },
  };
}
