import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import type { Rail } from '../../../../shared/bank-directory';
import { poishaToDecimalString } from '../../../../shared/money';
import type { PaymentQuoteAnswer } from '../../../../shared/schemas/payment-answers';
import { paymentQuoteSchema } from '../../../../shared/schemas/payments';
import { ApiError } from '../../../lib/api-client';
import { errorMessage, refusalText } from '../../../lib/error-message';
import { applyServerErrors } from '../../../lib/form-errors';
import { useTranslation } from '../../../lib/use-translation';
import { type PaymentQuotePayload, quotePayment } from '../api/payments';

/**
 * What the payment form collects; `receiverName` only for a bank that answers no name enquiry (the
 * field is there only then), `purpose` once the receiver is known, checked by the payment's own schema.
 */
export type PaymentFormInput = { accountId: string; receiverParticipant: string; receiverAccount: string; amount: unknown; receiverName?: string | undefined; purpose?: string | undefined };
type QuoteValues = z.output<typeof paymentQuoteSchema>;

/** A quote and the request it answered: the payment sends exactly what was quoted. */
export type Quoted = { payload: PaymentQuotePayload; answer: PaymentQuoteAnswer };

const quotedFields = ['accountId', 'receiverParticipant', 'receiverAccount', 'amount', 'receiverName'] as const;

/**
 * The payment form up to its quote: the fields checked by the quote's shared schema (the server's
 * words in both places), "Look up" asks who would be paid and on what terms, and changing any of
 * what was quoted forgets the quote, so the customer never confirms a name or a charge for
 * another receiver or amount. The proposed rail is chosen until the customer picks another.
 */
export function usePaymentQuote(defaultAccountId: string) {
  const { t } = useTranslation();
  const form = useForm<PaymentFormInput, unknown, QuoteValues>({
    resolver: zodResolver(paymentQuoteSchema),
    defaultValues: { accountId: defaultAccountId, receiverParticipant: '', receiverAccount: '', amount: '', purpose: '' },
  });
  const [quoted, setQuoted] = useState<Quoted | null>(null);
  const [rail, setRail] = useState<Rail | null>(null);

  useEffect(() => {
    const subscription = form.watch((_values, { name }) => {
      if (name && (quotedFields as readonly string[]).includes(name)) setQuoted(null);
    });
    return () => subscription.unsubscribe();
  }, [form]);

  const lookUp = form.handleSubmit(async (values) => {
    const payload: PaymentQuotePayload = { ...values, amount: poishaToDecimalString(values.amount) };
    try {
      const answer = await quotePayment(payload);
      setQuoted({ payload, answer });
      setRail(answer.proposed);
    } catch (caught) {
      applyServerErrors(caught, form.setError, quotedFields);
      const underAField = caught instanceof ApiError && Object.keys(caught.fields).length > 0;
      // The switch unreachable is the server's own sentence (nothing was sent, try again later), not a general failure.
      const unavailable = caught instanceof ApiError && caught.code === 'clearing_unavailable';
      if (!underAField) form.setError('root', { message: unavailable ? refusalText(caught, t) : errorMessage(caught, t) });
    }
  });

  return { form, quoted, rail, setRail, lookUp, forget: () => setQuoted(null) };
}
