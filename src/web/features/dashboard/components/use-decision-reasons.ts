import { useRef, useState } from 'react';
import type { DeclineInput } from '../../../../shared/schemas/decline';
import { useTranslation } from '../../../lib/use-translation';
import { checkDecline, emptyDeclineDraft, type DeclineDraft, type DeclineErrors } from './decline-reason-fields';

/** What a decision asks for before it is sent (a part of the confirm dialog's request). */
type Asks = { askReason?: boolean | undefined; askWords?: { required: string } | undefined };

/**
 * What a decline carries besides the decision: the reason from the shared list with its note, or
 * the staff member's own words for a colleague. Each dialog starts empty; `check` refuses to send
 * without what the request asks for and focuses the first box to fix.
 */
export function useDecisionReasons() {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<DeclineDraft>(emptyDeclineDraft);
  const [declineErrors, setDeclineErrors] = useState<DeclineErrors>({});
  // The checked reason, read when the decision is sent (and resent with the same key).
  const chosenDecline = useRef<DeclineInput | undefined>(undefined);
  const [words, setWords] = useState('');
  const [wordsError, setWordsError] = useState<string | undefined>(undefined);

  const reset = () => {
    setDraft(emptyDeclineDraft);
    setDeclineErrors({});
    chosenDecline.current = undefined;
    setWords('');
    setWordsError(undefined);
  };

  const check = (request: Asks, dialog: HTMLDialogElement | null): boolean => {
    if (request.askReason) {
      const checked = checkDecline(draft, t);
      if ('errors' in checked) {
        setDeclineErrors(checked.errors);
        dialog?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
        return false;
      }
      setDeclineErrors({});
      chosenDecline.current = checked.decline;
    }
    if (request.askWords) {
      if (words.trim() === '') {
        setWordsError(request.askWords.required);
        dialog?.querySelector<HTMLElement>('#decline-words')?.focus();
        return false;
      }
      setWordsError(undefined);
    }
    return true;
  };

  /** What the request asked for, as last checked: the reason and the words to send with it. */
  const chosen = (request: Asks) => [request.askReason ? chosenDecline.current : undefined, request.askWords ? words.trim() : undefined] as const;

  return { reason: { draft, errors: declineErrors, onChange: setDraft }, words: { value: words, error: wordsError, onChange: setWords }, reset, check, chosen };
}
