import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { toAsciiDigits } from '../../../shared/digits';
import { ApiError } from '../../lib/api-client';
import { requestPhoneCode, verifyPhoneNumber } from '../../lib/phone-number';
import { refusalText } from '../../lib/error-message';
import type { StepUpRequest } from '../../lib/step-up-prompt';
import { describedBy, FormField } from './form-field';

/**
 * The code dialog of step-up, a modal over the form it confirms (which stays as typed underneath):
 * - `app`: the 6-digit code the authenticator app shows now;
 * - `sms`: the code the bank just sent by SMS for this very operation, with a way to send a new one;
 * - `setup`: the customer has neither, so they verify a mobile number here (password, number,
 *   the code the SMS brings), and the operation's code is then sent to it; the stronger choice,
 *   an authenticator app, opens in a new tab so this form is not lost.
 * Cancel (or Escape) leaves the operation undone. It says plainly that the bank never asks for a
 * code, because that is how people are tricked into reading one out.
 */
export default function SecondFactorPrompt({ request }: { request: StepUpRequest }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const answered = useRef(false);

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    answered.current = false;
  }, [request]);

  const answer: StepUpRequest['answer'] = (reply) => {
    if (answered.current) return;
    answered.current = true;
    dialog.current?.close();
    request.answer(reply);
  };

  return (
    <dialog
      ref={dialog}
      className="modal modal-bottom sm:modal-middle"
      aria-labelledby="step-up-title"
      aria-describedby="step-up-intro"
      onClose={() => answer(null)}
      data-testid="step-up-prompt"
      data-mode={request.mode}
    >
      {request.mode === 'setup' ? <PhoneSetup onVerified={() => answer({ kind: 'again' })} onCancel={() => answer(null)} /> : <CodeStep request={request} answer={answer} />}
    </dialog>
  );
}

/** Six digits, typed in ASCII or Bangla, with spaces dropped; undefined when it is not six digits. */
function typedCode(value: string): string | undefined {
  const typed = toAsciiDigits(value).replace(/\s+/g, '');
  return /^\d{6}$/.test(typed) ? typed : undefined;
}

function CodeStep({ request, answer }: { request: StepUpRequest; answer: StepUpRequest['answer'] }) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [code, setCode] = useState('');
  const sentTo = request.sentTo ?? '';
  const [localError, setLocalError] = useState<string | undefined>();
  const serverError = request.error ? refusalText(request.error, t) : undefined;
  const error = localError ?? serverError;
  const sms = request.mode === 'sms';

  useEffect(() => {
    input.current?.focus();
    setCode('');
    setLocalError(undefined);
  }, [request]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const typed = typedCode(code);
    if (!typed) {
      setLocalError(sms ? t('twoFactor.prompt.smsCodeFormat') : t('twoFactor.prompt.codeFormat'));
      input.current?.focus();
      return;
    }
    answer({ kind: 'code', code: typed });
  };

  return (
    <form className="modal-box flex flex-col gap-4" onSubmit={onSubmit} noValidate>
      <DialogHeading title={t('twoFactor.prompt.title')} intro={sms ? t('twoFactor.prompt.smsIntro', { sentTo }) : t('twoFactor.prompt.intro')} />
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
      {sms ? (
        <button type="button" className="btn btn-link btn-sm self-start px-0" onClick={() => answer({ kind: 'again' })}>
          {t('twoFactor.prompt.sendAgain')}
        </button>
      ) : null}
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
  );
}

/** The dialog's title and first sentence, which its `aria-labelledby` and `aria-describedby` name whichever step it shows. */
function DialogHeading({ title, intro }: { title: string; intro: string }) {
  return (
    <>
      <h2 id="step-up-title" className="text-lg font-bold">
        {title}
      </h2>
      <p id="step-up-intro" className="text-base-content/80" data-testid="step-up-intro">
        {intro}
      </p>
    </>
  );
}

/**
 * Verifying a mobile number in place: the password and the number, then the code the SMS brings.
 * Nothing of the form underneath is touched; cancelling returns to it as it was.
 */
function PhoneSetup({ onVerified, onCancel }: { onVerified: () => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const { phoneNumber, setPhoneNumber, password, setPassword, code, setCode, sentTo, errors, busy, first, codeInput, onSubmit } = usePhoneSetup(onVerified);

  return (
    <form className="modal-box flex flex-col gap-4" onSubmit={onSubmit} noValidate>
      <DialogHeading title={t('twoFactor.phone.title')} intro={sentTo === null ? t('twoFactor.phone.intro') : t('twoFactor.phone.codeSent', { sentTo })} />
      {errors.form ? (
        <p role="alert" className="text-sm text-error">
          {errors.form}
        </p>
      ) : null}
      <fieldset className="flex flex-col gap-4" disabled={busy || sentTo !== null}>
        <FormField id="step-up-phone" label={t('twoFactor.phone.number')} error={errors.phoneNumber}>
          <input
            ref={first}
            className="input w-full"
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            placeholder="01712-345678"
            value={phoneNumber}
            onChange={(event) => setPhoneNumber(event.target.value)}
            {...describedBy('step-up-phone', errors.phoneNumber)}
          />
        </FormField>
        {sentTo === null ? (
          <FormField id="step-up-password" label={t('twoFactor.settings.password')} error={errors.password}>
            <input
              className="input w-full"
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              {...describedBy('step-up-password', errors.password)}
            />
          </FormField>
        ) : null}
      </fieldset>
      {sentTo !== null ? (
        <FormField id="step-up-phone-code" label={t('twoFactor.prompt.code')} error={errors.code}>
          <input
            ref={codeInput}
            className="input w-full max-w-xs font-mono text-lg tracking-widest"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={12}
            value={code}
            onChange={(event) => setCode(event.target.value)}
            {...describedBy('step-up-phone-code', errors.code)}
          />
        </FormField>
      ) : null}
      <p className="text-sm text-base-content/80">
        {t('twoFactor.phone.appInstead')}{' '}
        <a className="link link-primary" href="/twoFactor" target="_blank" rel="noopener">
          {t('twoFactor.phone.appLink')}
        </a>
      </p>
      <p className="alert alert-warning text-sm">{t('twoFactor.neverAsk')}</p>
      <div className="modal-action">
        <button type="button" className="btn btn-ghost" onClick={onCancel}>
          {t('twoFactor.prompt.cancel')}
        </button>
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {sentTo === null ? t('twoFactor.phone.send') : t('twoFactor.phone.verify')}
        </button>
      </div>
    </form>
  );
}

/**
 * Verifying a mobile number inside the code prompt, in two steps: the number and the password ask
 * for a code by SMS, then the code verifies the number. A refusal lands under the field it names,
 * or above the form.
 */
function usePhoneSetup(onVerified: () => void) {
  const { t } = useTranslation();
  const [phoneNumber, setPhoneNumber] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const first = useRef<HTMLInputElement>(null);
  const codeInput = useRef<HTMLInputElement>(null);

  useEffect(() => first.current?.focus(), []);
  useEffect(() => {
    if (sentTo) codeInput.current?.focus();
  }, [sentTo]);

  const run = async (step: () => Promise<void>) => {
    setBusy(true);
    setErrors({});
    try {
      await step();
    } catch (caught) {
      if (!(caught instanceof ApiError)) throw caught;
      const fields = Object.fromEntries(Object.entries(caught.fields).map(([field, message]) => [field, refusalText({ ...caught, message } as ApiError, t)]));
      setErrors(Object.keys(fields).length > 0 ? fields : { form: refusalText(caught, t) });
    } finally {
      setBusy(false);
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (sentTo === null) {
      void run(async () => {
        const answer = await requestPhoneCode(phoneNumber, password);
        setSentTo(answer.sentTo ?? phoneNumber);
      });
      return;
    }
    const typed = typedCode(code);
    if (!typed) {
      setErrors({ code: t('twoFactor.prompt.smsCodeFormat') });
      return;
    }
    void run(async () => {
      await verifyPhoneNumber(phoneNumber, typed);
      onVerified();
    });
  };

  return { phoneNumber, setPhoneNumber, password, setPassword, code, setCode, sentTo, errors, busy, first, codeInput, onSubmit };
}
