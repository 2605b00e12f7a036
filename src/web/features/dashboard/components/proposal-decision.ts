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

/**
 * The confirm dialog of a decision on a proposal another member of staff made (interest terms,
 * FDR and DPS rate sheets, excise tables, service notices): an approval asked plainly, a decline
 * with the decliner's reason. The screens differ in their words, their facts and the two calls;
 * how a decision is asked, sent and acknowledged is written here once.
 */
export function proposalDecision(options: {
  id: string;
  kind: ProposalDecisionKind;
  words: ProposalDecisionWords;
  facts: ConfirmFact[];
  approve: (idempotencyKey: string) => Promise<unknown>;
  decline: (idempotencyKey: string, reason: string) => Promise<unknown>;
}): ConfirmRequest {
  const { id, kind, words, facts } = options;
  const common = { subject: `${id}:${kind}`, title: words.title, body: words.body, facts, confirmLabel: words.confirmLabel };
  if (kind === 'approve') {
    return {
      ...common,
      tone: 'primary',
      run: async (key) => {
        await options.approve(key);
        toast.success(words.approved);
      },
    };
  }
  return {
    ...common,
    tone: 'error',
    askWords: words.declineReason,
    run: async (key, _decline, reason) => {
      await options.decline(key, reason ?? '');
      toast.success(words.declined);
    },
  };
}
