import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { toast } from '../../../lib/toast';
import { useTranslation } from '../../../lib/use-translation';
import { ApiError, apiPost } from '../../../lib/api-client';
import { OneFieldRow } from '../../../components/ui/one-field-row';
import { errorMessage } from '../../../lib/error-message';
import { sessionQueryKey } from '../../../lib/session';

/**
 * The profile's name, which account opening shows and the server gives every new account: the one
 * place a customer changes it (to match their NID), under the same name rules as registration.
 */
export function ChangeName({ current }: { current: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [name, setName] = useState(current);
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      await apiPost('/api/auth/update-user', { name });
      await queryClient.invalidateQueries({ queryKey: sessionQueryKey });
      toast.success(t('profile.nameSaved'));
    } catch (caught) {
      setError(caught instanceof ApiError && caught.fields.name ? caught.fields.name : errorMessage(caught, t));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="card mt-6 border border-base-300 bg-base-100 shadow-sm" onSubmit={(event) => void submit(event)} noValidate>
      <div className="card-body gap-2">
        <label htmlFor="profile-name-input" className="font-medium">
          {t('profile.nameLabel')}
        </label>
        <p id="profile-name-hint" className="text-sm text-base-content/80">
          {t('profile.nameHint')}
        </p>
        <OneFieldRow
          id="profile-name-input"
          hintId="profile-name-hint"
          value={name}
          onChange={setName}
          error={error}
          submitLabel={t('profile.nameSave')}
          submitDisabled={name.trim() === current}
          busy={busy}
          input={{ autoComplete: 'name' }}
        />
      </div>
    </form>
  );
}
