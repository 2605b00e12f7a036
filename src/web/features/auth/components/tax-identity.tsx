import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { ConfirmStep } from '../../../components/ui/confirm-step';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { OneFieldRow } from '../../../components/ui/one-field-row';
import { toast } from '../../../lib/toast';
import { useTranslation } from '../../../lib/use-translation';
import { removeTin, saveTin, taxIdentityQueryKey, useTaxIdentity } from '../api/tax-identity';

/**
 * The customer's TIN: added, changed or removed here. Shown with its last four digits only, as the
 * server answers it: the whole number is typed, never shown again.
 */
export function TaxIdentity() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const current = useTaxIdentity(true);
  const [tin, setTin] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [asking, setAsking] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const recorded = current.data?.tin ?? null;

  const act = async (action: () => Promise<unknown>, done: string) => {
    setBusy(true);
    setError(undefined);
    try {
      await action();
      await queryClient.invalidateQueries({ queryKey: taxIdentityQueryKey });
      setTin('');
      setAsking(false);
      toast.success(done);
    } catch (caught) {
      setError(caught instanceof ApiError && caught.fields.tin ? caught.fields.tin : errorMessage(caught, t));
    } finally {
      setBusy(false);
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void act(() => saveTin(tin), t('profile.tin.saved'));
  };
  const cancel = () => {
    setAsking(false);
    requestAnimationFrame(() => opener.current?.focus());
  };

  return (
    <form className="card mt-6 border border-base-300 bg-base-100 shadow-sm" onSubmit={submit} noValidate data-testid="tax-identity">
      <div className="card-body gap-2">
        <h2 className="card-title text-lg">{t('profile.tin.label')}</h2>
        <p id="profile-tin-hint" className="text-sm text-base-content/80">
          {t('profile.tin.hint')}
        </p>
        <p className="font-medium tabular-nums" data-testid="tin-current">
          {current.isPending ? t('common.loading') : recorded ? t('profile.tin.current', { masked: recorded.masked }) : t('profile.tin.none')}
        </p>
        <label htmlFor="profile-tin-input" className="mt-2 text-sm font-medium">
          {t('profile.tin.inputLabel')}
        </label>
        <OneFieldRow
          id="profile-tin-input"
          hintId="profile-tin-hint"
          value={tin}
          onChange={setTin}
          error={error}
          submitLabel={recorded ? t('profile.tin.change') : t('profile.tin.add')}
          submitDisabled={tin.trim() === ''}
          busy={busy}
          input={{ inputMode: 'numeric', autoComplete: 'off', className: 'tabular-nums' }}
        />
        {recorded ? (
          asking ? (
            <ConfirmStep id="remove-tin" confirmLabel={t('profile.tin.remove')} busy={busy} onConfirm={() => void act(removeTin, t('profile.tin.removed'))} onCancel={cancel}>
              {t('profile.tin.removeConfirm')}
            </ConfirmStep>
          ) : (
            <button ref={opener} type="button" className="btn btn-outline mt-2 min-h-11 self-start" onClick={() => setAsking(true)}>
              {t('profile.tin.remove')}
            </button>
          )
        ) : null}
      </div>
    </form>
  );
}
