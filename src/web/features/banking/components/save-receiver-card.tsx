import { type FormEventHandler, type ReactNode, useState } from 'react';
import type { FieldValues, Path, UseFormRegisterReturn, UseFormSetError } from 'react-hook-form';
import type { SaveReceiverInput } from '../../../../shared/schemas/saved-receivers';
import { describedBy, FormField } from '../../../components/ui/form-field';
import { FormError } from '../../../components/ui/form-error';
import { SubmitButton } from '../../../components/ui/submit-button';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { applyServerErrors } from '../../../lib/form-errors';
import { useTranslation } from '../../../lib/use-translation';
import { useSavedReceiverActions } from '../api/saved-receivers';

/**
 * Saving a receiver the customer has just seen looked up, at this bank or another: the words after
 * a save (a new receiver, or one already kept and now renamed), the form emptied for the next one,
 * and a refusal under the field the server names, else above the button.
 */
export function useReceiverSave<F extends FieldValues>({ setError, reset, refusableFields }: { setError: UseFormSetError<F>; reset: () => void; refusableFields: readonly Path<F>[] }) {
  const { t } = useTranslation();
  const { save } = useSavedReceiverActions();
  const [saved, setSaved] = useState<string | null>(null);
  const keep = async (request: SaveReceiverInput) => {
    try {
      const answer = await save.mutateAsync(request);
      setSaved(t(answer.merged ? 'savedReceivers.updated' : 'savedReceivers.saved', { name: request.nickname ?? request.confirmedName }));
      reset();
    } catch (caught) {
      applyServerErrors(caught, setError, refusableFields);
      if (!(caught instanceof ApiError && Object.keys(caught.fields).length > 0)) setError('root', { message: errorMessage(caught, t) });
    }
  };
  return { saved, forgetSaved: () => setSaved(null), keep, busy: save.isPending };
}

type SaveReceiverCardProps = {
  /** Tells this form's ids from the other's on the same page: '' or 'other-'. */
  idPrefix: string;
  title: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** The receiver's own fields (the bank, the number, whose it is), above the nickname. */
  children: ReactNode;
  nickname: { field: UseFormRegisterReturn; error: string | undefined };
  rootError: string | undefined;
  saved: string | null;
  busy: boolean;
};

/** The card both save forms are: a heading, the receiver, a nickname, the outcome, and Save. */
export function SaveReceiverCard({ idPrefix, title, onSubmit, children, nickname, rootError, saved, busy }: SaveReceiverCardProps) {
  const { t } = useTranslation();
  const headingId = `save-${idPrefix}receiver-heading`;
  const nicknameId = `${idPrefix}receiver-nickname`;
  return (
    <form className="card border border-base-300 bg-base-100 shadow-sm" onSubmit={onSubmit} noValidate aria-labelledby={headingId}>
      <div className="card-body gap-4">
        <h2 id={headingId} className="card-title text-lg">
          {title}
        </h2>
        {children}
        <FormField id={nicknameId} label={t('savedReceivers.nickname')} error={nickname.error} hint={t('savedReceivers.nicknameHint')}>
          <input className="input w-full" autoComplete="off" {...describedBy(nicknameId, nickname.error, t('savedReceivers.nicknameHint'))} {...nickname.field} />
        </FormField>
        <FormError message={rootError} />
        {saved ? (
          <p role="status" className="text-sm text-success">
            {saved}
          </p>
        ) : null}
        <SubmitButton busy={busy} label={t('savedReceivers.save')} className="sm:self-start" />
      </div>
    </form>
  );
}
