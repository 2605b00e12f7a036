import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { sessionQueryKey, sessionQueryOptions } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { useTranslation } from '../../../lib/use-translation';
import { verifyRecoveryCode, verifyTotpCode } from '../api/two-factor';
import { landingPathFor } from '../landing-path';
import { readSignInCode, type SignInCodeMode } from './sign-in-code-rule';

/**
 * The second step's rules: which kind of code is asked for, the code checked before it is sent,
 * the sign-in finished on a right one (to where the person was going, else their landing page),
 * and a wrong or expired one said where it belongs. Focus stays in the code's box.
 */
export function useSignInCode(from: string | undefined) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [mode, setMode] = useState<SignInCodeMode>('app');
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

  const submit = async () => {
    if (busy) return;
    setFormError(null);
    const read = readSignInCode(mode, code);
    if ('problem' in read) {
      setFieldError(read.problem);
      input.current?.focus();
      return;
    }
    setFieldError(undefined);
    setBusy(true);
    try {
      await (mode === 'app' ? verifyTotpCode(read.code) : verifyRecoveryCode(read.code));
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

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit();
  };

  return { mode, code, setCode, fieldError, formError, expired, busy, input, switchMode, onSubmit };
}
