import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { toast } from '../../../lib/toast';
import { useTranslation } from '../../../lib/use-translation';
import { useNavigate } from 'react-router';
import { ConfirmStep } from '../../../components/ui/confirm-step';
import { FormError } from '../../../components/ui/form-error';
import { signOutEverywhere } from '../api/password-reset';
import { errorMessage } from '../../../lib/error-message';

/** Ends every session of the user after one confirm; the user lands on the log-in page. */
export function SignOutEverywhere() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const signOut = useMutation({
    mutationFn: signOutEverywhere,
    onSuccess: async () => {
      queryClient.clear();
      toast.success(t('signOutEverywhere.done'));
      await navigate('/logIn', { replace: true });
    },
  });
  const cancel = () => {
    setAsking(false);
    requestAnimationFrame(() => opener.current?.focus());
  };

  return (
    <div className="card mt-6 border border-base-300 bg-base-100 shadow-sm">
      <div className="card-body gap-3">
        <h2 className="card-title text-lg">{t('signOutEverywhere.title')}</h2>
        <p className="text-sm text-base-content/80">{t('signOutEverywhere.intro')}</p>
        <FormError message={signOut.isError ? errorMessage(signOut.error, t) : null} />
        {asking ? (
          <ConfirmStep id="sign-out-everywhere" confirmLabel={t('signOutEverywhere.confirmButton')} busy={signOut.isPending} onConfirm={() => signOut.mutate()} onCancel={cancel}>
            {t('signOutEverywhere.confirm')}
          </ConfirmStep>
        ) : (
          <button ref={opener} type="button" className="btn btn-outline min-h-11 self-start" onClick={() => setAsking(true)}>
            {t('signOutEverywhere.button')}
          </button>
        )}
      </div>
    </div>
  );
}
