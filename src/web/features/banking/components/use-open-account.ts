import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, type Path, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { accountRequestFields, accountTypeDisplayNames, checkAccountRequest } from '../../../../shared/schemas/banking';
import { requiredText } from '../../../../shared/schemas/fields';
import { describedBy } from '../../../components/ui/form-field';
import { applyServerErrors } from '../../../lib/form-errors';
import { useSafeOperation } from '../../../lib/use-safe-operation';
import { useSession } from '../../../lib/session';
import { uploadImageOnce } from '../../../lib/upload-image';
import { sendAccountRequest, type AccountRequestAnswer } from '../api/account-request';
import { useRefreshBanking } from '../api/money';
import { imageFileList } from './photo-field';

const formSchema = accountRequestFields
  .omit({ img: true, email: true })
  .extend({
    photo: imageFileList('Profile Photo is required'),
    // The form asks for a day, a month and a year; the API's own message speaks of its YYYY-MM-DD.
    birthDate: requiredText('Date is required', 10).regex(/^\d{4}-\d{2}-\d{2}$/, 'Birth date needs a day, a month and a year'),
  })
  .superRefine(checkAccountRequest);
export type OpenAccountInput = z.input<typeof formSchema>;
type FormOutput = z.output<typeof formSchema>;
export type OpenAccountForm = UseFormReturn<OpenAccountInput, unknown, FormOutput>;

const personalFields: Path<OpenAccountInput>[] = ['role', 'phone', 'photo', 'gender', 'birthDate', 'nid'];
const nomineeFields: Path<OpenAccountInput>[] = ['residentialArea', 'permanentArea', 'nomineeName', 'nomineeId', 'nomineeRelation'];

/** A field's message, as the form's FormField shows it. */
export const fieldError = (form: OpenAccountForm, name: keyof OpenAccountInput) => form.formState.errors[name]?.message as string | undefined;

/** A text input's props: registered, and tied to its FormField's message. */
export const textInput = (form: OpenAccountForm, name: keyof OpenAccountInput, props: Record<string, unknown> = {}) => ({
  className: 'input w-full',
  ...describedBy(`open-${name}`, fieldError(form, name)),
  ...props,
  ...form.register(name),
});

/**
 * The account request in two steps (the customer, then the nominee): the photo is uploaded once
 * under the request's Idempotency-Key, and a refusal of a first-step field brings that step back.
 */
export function useOpenAccount() {
  const refresh = useRefreshBanking();
  const { user } = useSession();
  const [step, setStep] = useState<1 | 2>(1);
  const form: OpenAccountForm = useForm<OpenAccountInput, unknown, FormOutput>({ resolver: zodResolver(formSchema), defaultValues: { phone: '+880' }, mode: 'onTouched' });
  const operation = useSafeOperation<FormOutput, AccountRequestAnswer>({
    async send({ photo: photos, role, ...values }, key) {
      const photo = photos[0];
      if (!photo || !user) throw new Error('the form schema requires a photo and the page a signed-in user');
      const img = await uploadImageOnce(photo, 'avatar', key);
      return sendAccountRequest({ ...values, role: accountTypeDisplayNames[role], email: user.email, img }, key);
    },
    onDone: refresh,
    onRefused(caught) {
      applyServerErrors(caught, form.setError, [...personalFields, ...nomineeFields], { img: 'photo', image: 'photo' });
      if (personalFields.some((field) => form.getFieldState(field).error)) setStep(1);
    },
  });
  const next = async () => {
    if (await form.trigger(personalFields)) setStep(2);
  };
  const onSubmit = form.handleSubmit(operation.submit, (invalid) => {
    if (personalFields.some((field) => field in invalid)) setStep(1);
  });
  return { user, step, setStep, form, operation, next, onSubmit };
}
