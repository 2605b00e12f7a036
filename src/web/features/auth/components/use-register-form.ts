import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { isLanguage } from '../../../../shared/language';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { lazyZodResolver } from '../../../lib/lazy-zod-resolver';
import { toast } from '../../../lib/toast';
import { useTranslation } from '../../../lib/use-translation';
import { requestSignUpCode, useSignUp } from '../api/sign-up';
import { landingPathFor } from '../landing-path';
import type { registerFormSchema } from './register-form-schema';

export type RegisterFormInput = z.input<typeof registerFormSchema>;
export type RegisterFormOutput = z.output<typeof registerFormSchema>;

const resolver = lazyZodResolver(() => import('./register-form-schema').then((module) => module.registerFormSchema));
const serverFields = ['name', 'email', 'password', 'phoneNumber', 'phoneCode'] as const;
const isServerField = (field: string): field is (typeof serverFields)[number] => (serverFields as readonly string[]).includes(field);

/**
 * The sign-up form's rules: the fields, the number's SMS code asked before the form is sent (the
 * form then carries the number with it), the sign-up itself, and where a refusal shows.
 */
export function useRegisterForm() {
  const { t, i18n } = useTranslation();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const navigate = useNavigate();
  const signUp = useSignUp();
  const form = useForm<RegisterFormInput, unknown, RegisterFormOutput>({ resolver });

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    if (values.phoneNumber !== undefined && values.phoneCode === undefined) {
      form.setError(sentTo ? 'phoneCode' : 'phoneNumber', { message: sentTo ? 'Code is required' : t('auth.phoneSendFirst') }, { shouldFocus: true });
      return;
    }
    try {
      const phone = values.phoneNumber !== undefined ? { phoneNumber: values.phoneNumber, ...(values.phoneCode !== undefined ? { phoneCode: values.phoneCode } : {}) } : {};
      await signUp.mutateAsync({ name: values.name, email: values.email, password: values.password, ...phone });
      toast.success(t('auth.userCreated'));
      // A new customer has no account yet: My Accounts is where they request one.
      await navigate(landingPathFor({ role: 'user' }));
    } catch (error) {
      if (error instanceof ApiError) {
        for (const [field, message] of Object.entries(error.fields)) if (isServerField(field)) form.setError(field, { message });
      }
      setFormError(errorMessage(error, t));
    }
  });

  const sendCode = async () => {
    form.clearErrors(['phoneNumber', 'phoneCode']);
    // Loaded when used, as the form's own schema is: zod stays out of the page's first script.
    const { mobileNumber } = await import('../../../../shared/schemas/two-factor');
    const typed = mobileNumber().safeParse(form.getValues('phoneNumber') ?? '');
    if (!typed.success) {
      form.setError('phoneNumber', { message: typed.error.issues[0]?.message ?? '' }, { shouldFocus: true });
      return;
    }
    setSending(true);
    try {
      const answer = await requestSignUpCode(typed.data, isLanguage(i18n.language) ? i18n.language : 'en');
      setSentTo(answer.sentTo ?? typed.data);
      form.setFocus('phoneCode');
    } catch (error) {
      const fieldMessage = error instanceof ApiError ? error.fields.phoneNumber : undefined;
      if (fieldMessage) form.setError('phoneNumber', { message: fieldMessage });
      else setFormError(errorMessage(error, t));
    } finally {
      setSending(false);
    }
  };

  /** A code proves one number: another number needs its own. */
  const forgetCode = () => {
    setSentTo(null);
    form.setValue('phoneCode', '');
  };

  return { form, onSubmit, formError, phone: { sentTo, sending, sendCode: () => void sendCode(), forgetCode } };
}

export type RegisterPhone = ReturnType<typeof useRegisterForm>['phone'];
