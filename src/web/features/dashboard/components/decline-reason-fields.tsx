import { useTranslation } from '../../../lib/use-translation';
import { decisionReasonLengthMax } from '../../../../shared/constants';
import { declineFormSchema, declineReasons, type DeclineInput } from '../../../../shared/schemas/decline';
import { describedBy, FormField } from '../../../components/ui/form-field';

/** What staff have chosen so far in the decline dialog; checked by the shared schema on confirm. */
export type DeclineDraft = { reason: string; note: string };
export type DeclineErrors = { reason?: string | undefined; note?: string | undefined };

export const emptyDeclineDraft: DeclineDraft = { reason: '', note: '' };

/**
 * Checks the draft with the schema the server uses. Answers the decline to send, or the
 * messages to show under each field, in the reader's language.
 */
export function checkDecline(draft: DeclineDraft, t: (key: string, values?: Record<string, unknown>) => string): { decline: DeclineInput } | { errors: DeclineErrors } {
  const parsed = declineFormSchema.safeParse(draft);
  if (parsed.success) return { decline: parsed.data };
  const fields = new Set(parsed.error.issues.map((issue) => String(issue.path[0])));
  const noteMessage = draft.note.trim().length > decisionReasonLengthMax ? t('dashboard.decline.noteTooLong', { count: decisionReasonLengthMax }) : t('dashboard.decline.noteRequired');
  return {
    errors: {
      reason: fields.has('reason') ? t('dashboard.decline.reasonRequired') : undefined,
      note: fields.has('note') ? noteMessage : undefined,
    },
  };
}

/** The decline dialog's reason (from the shared list) and the note the customer will read with it. */
export function DeclineReasonFields({ draft, errors, disabled, onChange }: { draft: DeclineDraft; errors: DeclineErrors; disabled: boolean; onChange: (draft: DeclineDraft) => void }) {
  const { t } = useTranslation();
  const hint = t('dashboard.decline.noteHint');
  return (
    <div className="mt-3 flex flex-col gap-3" data-testid="decline-reason">
      <FormField id="decline-reason" label={t('dashboard.decline.reason')} error={errors.reason}>
        <select
          className={`select w-full ${errors.reason ? 'select-error' : ''}`}
          value={draft.reason}
          disabled={disabled}
          onChange={(event) => onChange({ ...draft, reason: event.target.value })}
          {...describedBy('decline-reason', errors.reason)}
        >
          <option value="">{t('dashboard.decline.chooseReason')}</option>
          {declineReasons.map((reason) => (
            <option key={reason} value={reason}>
              {t(`dashboard.decline.reasons.${reason}`)}
            </option>
          ))}
        </select>
      </FormField>
      <FormField id="decline-note" label={t('dashboard.decline.note')} error={errors.note} hint={hint}>
        <textarea
          className={`textarea w-full ${errors.note ? 'textarea-error' : ''}`}
          rows={2}
          maxLength={decisionReasonLengthMax}
          value={draft.note}
          disabled={disabled}
          onChange={(event) => onChange({ ...draft, note: event.target.value })}
          {...describedBy('decline-note', errors.note, hint)}
        />
      </FormField>
    </div>
  );
}
