import { Link } from 'react-router';
import { FormError } from '../../../components/ui/form-error';
import { describedBy, FormField } from '../../../components/ui/form-field';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useTranslation } from '../../../lib/use-translation';
import { useSignInCode } from './use-sign-in-code';

/** The sign-in waited too long for its code, or saw too many wrong ones: back to the password. */
function SignInCodeExpired({ from }: { from: string | undefined }) {
  const { t } = useTranslation();
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

/**
 * The second step of signing in, shown by the login page after a right password: the 6-digit code from the authenticator
 * app, or one of the recovery codes. The sign-in waits ten minutes for it; after that, or after
 * too many wrong codes, the person starts again from the password.
 */
export function SignInCodeStep({ from }: { from?: string | undefined }) {
  const { t } = useTranslation();
  useDocumentTitle(t('twoFactor.signIn.title'));
  const { mode, code, setCode, fieldError, formError, expired, busy, input, switchMode, onSubmit } = useSignInCode(from);
  if (expired) return <SignInCodeExpired from={from} />;

  const label = mode === 'app' ? t('twoFactor.signIn.code') : t('twoFactor.signIn.recoveryCode');
  return (
    <section className="mx-auto max-w-md">
      <div className="card border border-base-300 bg-base-100 shadow-sm">
        <form className="card-body gap-4" onSubmit={onSubmit} noValidate>
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
