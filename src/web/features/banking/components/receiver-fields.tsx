import type { UseFormRegisterReturn } from 'react-hook-form';
import { describedBy, FormField } from '../../../components/ui/form-field';
import { useTranslation } from '../../../lib/use-translation';
import type { NameEnquiryAnswer } from '../../../../shared/schemas/name-enquiry';
import { PayeeLookupLine, type PayeeLookup } from './payee-lookup';

type ReceiverFieldsProps = { id: string; error: string | undefined; field: UseFormRegisterReturn; lookup: PayeeLookup };

/**
 * The receiver's account number and, beneath it, whose account it is as the bank's name enquiry
 * answered: the same group wherever a customer names someone to pay (the transfer, a saved receiver).
 */
export function ReceiverFields({ id, error, field, lookup }: ReceiverFieldsProps) {
  const { t } = useTranslation();
  return (
    <>
      <FormField id={id} label={t('transfer.receiverAccount')} error={error}>
        <input className="input w-full font-mono" inputMode="numeric" autoComplete="off" maxLength={13} {...describedBy(id, error)} {...field} />
      </FormField>
      <PayeeLookupLine lookup={lookup} />
    </>
  );
}

/** Why there is nobody to pay for the number sent: the look-up's own refusal, or none was made for it. */
export type PayeeRefusal = 'required' | 'notFound' | 'throttled' | 'unavailable';

/**
 * The person the bank showed for `accNum`, or why there is none: a customer pays or saves the
 * person they saw, never a number nobody looked up (or one changed after the look-up).
 */
export function payeeShownFor(lookup: PayeeLookup, accNum: string): { payee: NameEnquiryAnswer } | { refusal: PayeeRefusal } {
  if (lookup.state === 'found' && lookup.payee.accNum === accNum) return { payee: lookup.payee };
  const refusal = lookup.state === 'notFound' || lookup.state === 'throttled' || lookup.state === 'unavailable' ? lookup.state : 'required';
  return { refusal };
}
