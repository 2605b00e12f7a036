import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toAsciiDigits } from '../../../shared/digits';
import { refusalText } from '../../lib/refusal-text';
import type { CodeRequest } from '../../lib/step-up';
import { describedBy, FormField } from './form-field';

/**
 * The code prompt of step-up: a modal dialog asking for the 6-digit code the authenticator app
 * shows now. Confirm sends the operation again with the code; Cancel (or Escape) leaves it
 * undone. It says plainly that the bank never asks for a code by phone, SMS or e-mail, because
 * that is how people are tricked into reading one out.
 */
export default function SecondFactorPrompt({ request }: { request: CodeRequest }) {
  const { t } = useTranslation();
  const dialog = useRef<HTMLDialogElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const [code, setCode] = useState('');
  const [localError, setLocalError] = useState<string | undefined>();
  const answered = useRef(false);
  const serverError = request.error ? refusalText(request.error, t) : undefined;
  const error = localError ?? serverError;

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    input.current?.focus();
    answered.current = false;
    setCode('');
    setLocalError(undefined);
  }, [request]);

  const answer = (value: string | null) => {
    if (answered.current) return;
    answered.current = true;
    dialog.current?.close();
    request.answer(value);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const typed = toAsciiDigits(code).replace(/\s+/g, '');
    if (!/^\d{6}$/.test(typed)) {
      setLocalError('Enter the 6-digit code from your authenticator app');
      input.current?.focus();
      return;
    }
    answer(typed);
  };

  return (
    <dialog ref={dialog} className="modal modal-bottom sm:modal-middle" aria-labelledby="step-up-title" aria-describedby="step-up-intro" onClose={() => answer(null)} data-testid="step-up-prompt">
      <form className="modal-box flex flex-col gap-4" onSubmit={onSubmit} noValidate>
        <h2 id="step-up-title" className="text-lg font-bold">
          {t('twoFactor.prompt.title')}
        </h2>
        <p id="step-up-intro" className="text-base-content/80">
          {t('twoFactor.prompt.intro')}
        </p>
        <FormField id="step-up-code" label={t('twoFactor.prompt.code')} error={error}>
          <input
            ref={input}
            className="input w-full max-w-xs font-mono text-lg tracking-widest"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={12}
            value={code}
            onChange={(event) => setCode(event.target.value)}
            {...describedBy('step-up-code', error)}
          />
        </FormField>
        <p className="alert alert-warning text-sm">{t('twoFactor.neverAsk')}</p>
        <div className="modal-action">
          <button type="button" className="btn btn-ghost" onClick={() => answer(null)}>
            {t('twoFactor.prompt.cancel')}
          </button>
          <button type="submit" className="btn btn-primary">
            {t('twoFactor.prompt.confirm')}
          </button>
        </div>
      </form>
    </dialog>
  );
}
