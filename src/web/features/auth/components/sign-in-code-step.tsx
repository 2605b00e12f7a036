import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { toast } from '../../../lib/toast';
import { useTranslation } from '../../../lib/use-translation';
import { Link, useNavigate } from 'react-router';
import { toAsciiDigits } from '../../../../shared/digits';
import { FormError } from '../../../components/ui/form-error';
import { describedBy, FormField } from '../../../components/ui/form-field';
import { ApiError } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { sessionQueryKey, sessionQueryOptions } from '../../../lib/session';
import { verifyRecoveryCode, verifyTotpCode } from '../api/two-factor';
import { errorMessage } from '../../../lib/error-message';
import { landingPathFor } from '../landing-path';

type Mode = 'app' | 'recovery';

/**
 * The second step of signing in, shown by the login page after a right password: the 6-digit code from the authenticator
 * app, or one of the recovery codes. The sign-in waits ten minutes for it; after that, or after
 * too many wrong codes, the person starts again from the password.
 */
export function SignInCodeStep({ from }: { from?: string | undefined }) {
  const { t } = useTranslation();
  useDocumentTitle(t('twoFactor.signIn.title'));
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [mode, setMode] = useState<Mode>('app');
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  const [expired, setExpired] = useState(false);
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    input.current?.focus();
  }, [mode]);

  const switchMode = () => {
    setMode(mode === 'app' ? 'recovery' : 'app');
    setCode('');
    setFieldError(undefined);
    setFormError(null);
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setFormError(null);
    // The rules of the shared schemas (two-factor.ts), written out: this step loads with the login page, without zod.
    const typed = mode === 'app' ? toAsciiDigits(code).replace(/\s+/g, '') : code.trim();
    const problem =
      typed === '' ? (mode === 'app' ? 'Code is required' : 'Recovery code is required')
      : mode === 'app' ? (/^\d{6}$/.test(typed) ? undefined : 'Enter the 6-digit code from your authenticator app')
      : /^[A-Za-z0-9]{5}-[A-Za-z0-9]{5}$/.test(typed) ? undefined : 'Enter a recovery code as it was shown, such as ab3de-9xk2p';
    if (problem) {
      setFieldError(problem);
      input.current?.focus();
      return;
    }
    setFieldError(undefined);
    setBusy(true);
    try {
      await (mode === 'app' ? verifyTotpCode(typed) : verifyRecoveryCode(typed));
      await queryClient.invalidateQueries({ queryKey: sessionQueryKey });
      toast.success(t('auth.loggedIn'));
      await navigate(from ?? landingPathFor(await queryClient.fetchQuery(sessionQueryOptions())), { replace: true });
    } catch (error) {
      if (error instanceof ApiError && error.code === 'sign_in_expired') setExpired(true);
      else if (error instanceof ApiError && error.fields.code) setFieldError(error.fields.code);
      else setFormError(errorMessage(error, t));
      input.current?.focus();
    } finally {
      setBusy(false);
    }
  };

  if (expired) {
    return (
      <section className="mx-auto max-w-md">
        <div className="card border border-base-300 bg-base-100 shadow-sm">
          <div className="card-body gap-4">
            <h1 className="text-2xl font-bold">{t('twoFactor.signIn.title')}</h1>
            <p role="alert" className="alert alert-warning">
              {t('twoFactor.signIn.expired')}
            </p>
            <Link to="/logIn" className="btn btn-primary" state={{ from }}>
              {t('twoFactor.signIn.backToLogin')}
            </Link>
          </div>
        </div>
      </section>
    );
  }

  const label = mode === 'app' ? t('twoFactor.signIn.code') : t('twoFactor.signIn.recoveryCode');
  return (
    <section className="mx-auto max-w-md">
      <div className="card border border-base-300 bg-base-100 shadow-sm">
        <form className="card-body gap-4" onSubmit={(event) => void onSubmit(event)} noValidate>
          <h1 className="text-2xl font-bold">{t('twoFactor.signIn.title')}</h1>
          <p className="text-sm text-base-content/80">{mode === 'app' ? t('twoFactor.signIn.intro') : t('twoFactor.signIn.recoveryIntro')}</p>
          <FormField id="sign-in-code" label={label} error={fieldError}>
            <input
              ref={input}
              key={mode}
              className="input w-full font-mono text-lg tracking-widest"
              inputMode={mode === 'app' ? 'numeric' : 'text'}
              autoComplete={mode === 'app' ? 'one-time-code' : 'off'}
              autoCapitalize="off"
              spellCheck={false}
              maxLength={mode === 'app' ? 12 : 20}
              value={code}
              onChange={(event) => setCode(event.target.value)}
              {...describedBy('sign-in-code', fieldError)}
            />
          </FormField>
          <FormError message={formError} />
          <button type="submit" className="btn btn-primary w-full" disabled={busy}>
            {busy ? t('twoFactor.signIn.submitting') : t('twoFactor.signIn.submit')}
          </button>
          <button type="button" className="btn btn-link btn-sm self-center" onClick={switchMode}>
            {mode === 'app' ? t('twoFactor.signIn.useRecovery') : t('twoFactor.signIn.useApp')}
          </button>
          <p className="alert alert-warning text-sm">{t('twoFactor.neverAsk')}</p>
        </form>
      </div>
    </section>
  );
}
