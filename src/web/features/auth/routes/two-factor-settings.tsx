import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import { toast } from '../../../lib/toast';
import { useTranslation } from '../../../lib/use-translation';
import { twoFactorCodeSchema, twoFactorEnrolSchema, twoFactorReplaceSchema, type TwoFactorEnrolmentAnswer } from '../../../../shared/schemas/two-factor';
import { FormError } from '../../../components/ui/form-error';
import { describedBy, FormField } from '../../../components/ui/form-field';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { sessionQueryKey, useSession } from '../../../lib/session';
import { confirmReplacement, renewRecoveryCodes, startReplacement, startTwoFactor, turnOffTwoFactor, verifyTotpCode } from '../api/two-factor';
import { QrCode } from '../components/qr-code';
import { phoneNumberQueryKey, usePhoneNumber } from '../api/phone-number';
import { RecoveryCodes } from '../components/recovery-codes';

type Fields = { password?: string | undefined; code?: string | undefined };

/** A refusal's message per field, or for the whole form. */
function splitRefusal(error: unknown, t: ReturnType<typeof useTranslation>['t']): { fields: Fields; form: string | null } {
  if (error instanceof ApiError && (error.fields.password || error.fields.code)) return { fields: { password: error.fields.password, code: error.fields.code }, form: null };
  return { fields: {}, form: errorMessage(error, t) };
}

/** `inputMode` "text" where a recovery code (letters and a dash) may be typed instead of digits. */
function CodeInput({
  id,
  label,
  value,
  onChange,
  error,
  inputMode = 'numeric',
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  inputMode?: 'numeric' | 'text';
}) {
  return (
    <FormField id={id} label={label} error={error}>
      <input
        className="input w-full max-w-xs font-mono text-lg tracking-widest"
        inputMode={inputMode}
        autoComplete="one-time-code"
        maxLength={12}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        {...describedBy(id, error)}
      />
    </FormField>
  );
}

function PasswordField({ id, value, onChange, error }: { id: string; value: string; onChange: (value: string) => void; error?: string | undefined }) {
  const { t } = useTranslation();
  return (
    <FormField id={id} label={t('twoFactor.settings.password')} error={error}>
      <input className="input w-full" type="password" autoComplete="current-password" value={value} onChange={(event) => onChange(event.target.value)} {...describedBy(id, error)} />
    </FormField>
  );
}

/** Copies the key as the app takes it (no spaces), so that nobody types 52 characters by hand. */
function CopyKeyButton({ secret }: { secret: string }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      setCopied(true);
    } catch {
      // No clipboard (an old browser, or a page not served over HTTPS): the key is still shown to select.
      setCopied(false);
    }
  };
  return (
    <button type="button" className="btn btn-ghost btn-sm self-start" onClick={() => void copy()}>
      <span aria-live="polite">{copied ? t('twoFactor.settings.keyCopied') : t('twoFactor.settings.copyKey')}</span>
    </button>
  );
}

function Card({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="card border border-base-300 bg-base-100 shadow-sm" aria-label={title}>
      <div className="card-body gap-4">
        <h2 className="text-xl font-bold">{title}</h2>
        {children}
      </div>
    </section>
  );
}

/** Runs a request of a form: one at a time, and a refusal shown on its field or on the form. */
function useFormRun() {
  const { t } = useTranslation();
  const [errors, setErrors] = useState<Fields>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const run = async (work: () => Promise<void>) => {
    if (busy) return;
    setBusy(true);
    setFormError(null);
    try {
      await work();
    } catch (error) {
      const refusal = splitRefusal(error, t);
      setErrors(refusal.fields);
      setFormError(refusal.form);
    } finally {
      setBusy(false);
    }
  };
  return { errors, setErrors, formError, busy, run };
}

/**
 * A new app, once the server made it: the QR code, the key as text and the recovery codes, then
 * its first code, which `onConfirm` sends (turning two-step on, or putting a replacement in force).
 */
function NewAppSteps({
  enrolment,
  email,
  confirmStep,
  confirmLabel,
  onConfirm,
}: {
  enrolment: TwoFactorEnrolmentAnswer;
  email: string;
  confirmStep: string;
  confirmLabel: string;
  onConfirm: (code: string) => Promise<void>;
}) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const { errors, setErrors, formError, busy, run } = useFormRun();
  const confirm = (event: FormEvent) => {
    event.preventDefault();
    const parsed = twoFactorCodeSchema.safeParse({ code });
    if (!parsed.success) return setErrors({ code: parsed.error.issues[0]?.message });
    setErrors({});
    void run(() => onConfirm(parsed.data.code));
  };
  return (
    <form className="flex flex-col gap-5" onSubmit={confirm} noValidate>
      <div className="flex flex-col gap-3">
        <h3 className="font-semibold">{t('twoFactor.settings.stepScan')}</h3>
        {/* A phone cannot scan the QR code it shows: the otpauth link opens the authenticator app on it with the key filled in. */}
        <a className="btn btn-primary btn-outline self-start" href={enrolment.otpauthUri} data-testid="otpauth-link">
          {t('twoFactor.settings.openApp')}
        </a>
        <QrCode modules={enrolment.qrModules} label={t('twoFactor.settings.qrLabel')} />
        <p className="text-sm">{t('twoFactor.settings.stepType')}</p>
        <code className="break-all rounded bg-base-200 px-2 py-1 font-mono text-base" data-testid="totp-secret">
          {enrolment.secret.replace(/(.{4})/g, '$1 ').trim()}
        </code>
        <CopyKeyButton secret={enrolment.secret} />
      </div>
      <div className="flex flex-col gap-3">
        <h3 className="font-semibold">{t('twoFactor.settings.stepCodes')}</h3>
        <p className="text-sm">{t('twoFactor.settings.codesIntro')}</p>
        <RecoveryCodes codes={enrolment.recoveryCodes} email={email} />
      </div>
      <div className="flex flex-col gap-3">
        <h3 className="font-semibold">{confirmStep}</h3>
        <CodeInput id="new-app-code" label={t('twoFactor.settings.code')} value={code} onChange={setCode} error={errors.code} />
        <FormError message={formError} />
        <button type="submit" className="btn btn-primary self-start" disabled={busy}>
          {busy ? t('twoFactor.settings.confirming') : confirmLabel}
        </button>
      </div>
    </form>
  );
}

/** Turning it on: the password, then the new app's steps. */
function Enrolment({ email }: { email: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [password, setPassword] = useState('');
  const [enrolment, setEnrolment] = useState<TwoFactorEnrolmentAnswer | null>(null);
  const { errors, setErrors, formError, busy, run } = useFormRun();

  const start = (event: FormEvent) => {
    event.preventDefault();
    const parsed = twoFactorEnrolSchema.safeParse({ password });
    if (!parsed.success) return setErrors({ password: parsed.error.issues[0]?.message });
    setErrors({});
    void run(async () => {
      setEnrolment(await startTwoFactor(parsed.data.password));
      setPassword('');
    });
  };

  if (enrolment) {
    return (
      <NewAppSteps
        enrolment={enrolment}
        email={email}
        confirmStep={t('twoFactor.settings.stepConfirm')}
        confirmLabel={t('twoFactor.settings.confirm')}
        onConfirm={async (code) => {
          await verifyTotpCode(code);
          toast.success(t('twoFactor.settings.enabled'));
          await queryClient.invalidateQueries({ queryKey: sessionQueryKey });
        }}
      />
    );
  }
  return (
    <form className="flex flex-col gap-4" onSubmit={start} noValidate>
      <p>{t('twoFactor.settings.passwordPrompt')}</p>
      <PasswordField id="enrol-password" value={password} onChange={setPassword} error={errors.password} />
      <FormError message={formError} />
      <button type="submit" className="btn btn-primary self-start" disabled={busy}>
        {busy ? t('twoFactor.settings.starting') : t('twoFactor.settings.start')}
      </button>
    </form>
  );
}

/**
 * Replacing the app: the password and a code of the current app (or a recovery code), then the
 * new app's steps. The current app works until the new one's first code is confirmed.
 */
function Replacement({ email }: { email: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [replacement, setReplacement] = useState<TwoFactorEnrolmentAnswer | null>(null);
  const { errors, setErrors, formError, busy, run } = useFormRun();

  const start = (event: FormEvent) => {
    event.preventDefault();
    const parsed = twoFactorReplaceSchema.safeParse({ password, code });
    if (!parsed.success) {
      const fields: Fields = {};
      for (const issue of parsed.error.issues) fields[issue.path[0] === 'password' ? 'password' : 'code'] ??= issue.message;
      return setErrors(fields);
    }
    setErrors({});
    void run(async () => {
      setReplacement(await startReplacement(parsed.data));
      setPassword('');
      setCode('');
    });
  };

  if (replacement) {
    return (
      <NewAppSteps
        enrolment={replacement}
        email={email}
        confirmStep={t('twoFactor.settings.replaceStepConfirm')}
        confirmLabel={t('twoFactor.settings.replaceConfirm')}
        onConfirm={async (newCode) => {
          await confirmReplacement(newCode);
          setReplacement(null);
          toast.success(t('twoFactor.settings.replaced'));
          await queryClient.invalidateQueries({ queryKey: sessionQueryKey });
        }}
      />
    );
  }
  return (
    <form className="flex flex-col gap-4" onSubmit={start} noValidate>
      <PasswordField id="replace-password" value={password} onChange={setPassword} error={errors.password} />
      <CodeInput id="replace-code" label={t('twoFactor.settings.currentCode')} value={code} onChange={setCode} error={errors.code} inputMode="text" />
      <FormError message={formError} />
      <button type="submit" className="btn btn-primary self-start" disabled={busy}>
        {busy ? t('twoFactor.settings.replaceStarting') : t('twoFactor.settings.replaceStart')}
      </button>
    </form>
  );
}

/** A form that needs the password and a current code: new recovery codes, or turning it off. */
function PasswordAndCodeForm({
  id,
  submitLabel,
  busyLabel,
  tone,
  onSubmit,
}: {
  id: string;
  submitLabel: string;
  busyLabel: string;
  tone: 'primary' | 'error';
  onSubmit: (input: { password: string; code: string }) => Promise<void>;
}) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<Fields>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const parsedCode = twoFactorCodeSchema.safeParse({ code });
    const fieldErrors: Fields = { password: password ? undefined : 'Password is required', code: parsedCode.success ? undefined : parsedCode.error.issues[0]?.message };
    setErrors(fieldErrors);
    if (fieldErrors.password || !parsedCode.success) return;
    setBusy(true);
    setFormError(null);
    try {
      await onSubmit({ password, code: parsedCode.data.code });
      setPassword('');
      setCode('');
    } catch (error) {
      const refusal = splitRefusal(error, t);
      setErrors(refusal.fields);
      setFormError(refusal.form);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="flex flex-col gap-4" onSubmit={(event) => void submit(event)} noValidate>
      <PasswordField id={`${id}-password`} value={password} onChange={setPassword} error={errors.password} />
      <CodeInput id={`${id}-code`} label={t('twoFactor.settings.code')} value={code} onChange={setCode} error={errors.code} />
      <FormError message={formError} />
      <button type="submit" className={`btn self-start ${tone === 'error' ? 'btn-error btn-outline' : 'btn-primary'}`} disabled={busy}>
        {busy ? busyLabel : submitLabel}
      </button>
    </form>
  );
}

/**
 * Codes by SMS, for a customer without an authenticator app: the verified number, or a way to
 * verify one, through the same dialog a transfer opens when it needs a code.
 */
function SmsCodesCard() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const phone = usePhoneNumber(true).data;
  if (phone === undefined) return null;
  const verify = async () => {
    const { showStepUpPrompt } = await import('../../../components/ui/second-factor-prompt-root');
    if (await showStepUpPrompt({ mode: 'setup', error: null })) await queryClient.invalidateQueries({ queryKey: phoneNumberQueryKey });
  };
  return (
    <Card title={t('twoFactor.phone.title')}>
      {phone.phoneNumber ? (
        <p role="status" data-testid="sms-phone-status">
          {t('twoFactor.phone.status', { phoneNumber: phone.phoneNumber })}
        </p>
      ) : (
        <button type="button" className="btn btn-outline btn-primary self-start" onClick={() => void verify()}>
          {t('twoFactor.phone.verify')}
        </button>
      )}
    </Card>
  );
}

/**
 * Two-step verification for the signed-in person: turn it on (staff must, before anything else),
 * replace the app, make new recovery codes, and, for customers, turn it off. Every screen of it says that the
 * bank never asks for a code by phone, SMS or e-mail.
 */
export default function TwoFactorSettingsPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('twoFactor.settings.title'));
  const queryClient = useQueryClient();
  const { user, isStaff } = useSession();
  const [renewed, setRenewed] = useState<string[] | null>(null);
  if (!user) return null;
  const on = user.twoFactorEnabled;

  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-6">
      <header className="flex flex-col gap-2">
        <h1 className="text-3xl font-bold">{t('twoFactor.settings.title')}</h1>
        <p className="text-base-content/80">{t('twoFactor.settings.intro')}</p>
        {isStaff && !on ? <p className="alert alert-info">{t('twoFactor.settings.staffRequired')}</p> : null}
        {!isStaff ? <p className="text-sm text-base-content/80">{t('twoFactor.settings.largeTransfers')}</p> : null}
        <p className="alert alert-warning text-sm">{t('twoFactor.neverAsk')}</p>
        <p role="status" className={`badge badge-lg ${on ? 'badge-success' : 'badge-ghost'}`} data-testid="two-factor-status">
          {on ? t('twoFactor.settings.onStatus') : t('twoFactor.settings.offStatus')}
        </p>
      </header>
      {isStaff ? null : <SmsCodesCard />}
      {on ? null : (
        <Card title={t('twoFactor.settings.start')}>
          <Enrolment email={user.email} />
        </Card>
      )}
      {on ? (
        <Card title={t('twoFactor.settings.replaceTitle')}>
          <p className="text-sm text-base-content/80">{t('twoFactor.settings.replaceIntro')}</p>
          <Replacement email={user.email} />
        </Card>
      ) : null}
      {on ? (
        <Card title={t('twoFactor.settings.renewTitle')}>
          <p className="text-sm text-base-content/80">{t('twoFactor.settings.renewIntro')}</p>
          {renewed ? (
            <>
              <p role="status" className="alert alert-success text-sm">
                {t('twoFactor.settings.renewed')}
              </p>
              <RecoveryCodes codes={renewed} email={user.email} />
            </>
          ) : (
            <PasswordAndCodeForm
              id="renew"
              tone="primary"
              submitLabel={t('twoFactor.settings.renew')}
              busyLabel={t('twoFactor.settings.renewing')}
              onSubmit={async (input) => setRenewed((await renewRecoveryCodes(input)).recoveryCodes)}
            />
          )}
        </Card>
      ) : null}
      {on && !isStaff ? (
        <Card title={t('twoFactor.settings.offTitle')}>
          <p className="text-sm text-base-content/80">{t('twoFactor.settings.offIntro')}</p>
          <PasswordAndCodeForm
            id="turn-off"
            tone="error"
            submitLabel={t('twoFactor.settings.off')}
            busyLabel={t('twoFactor.settings.turningOff')}
            onSubmit={async (input) => {
              await turnOffTwoFactor(input);
              toast.success(t('twoFactor.settings.turnedOff'));
              await queryClient.invalidateQueries({ queryKey: sessionQueryKey });
            }}
          />
        </Card>
      ) : null}
    </div>
  );
}
