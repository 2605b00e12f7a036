import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { poishaToDecimalString } from '../../../../shared/money';
import { amountInPoisha } from '../../../../shared/schemas/amount';
import { loanRequestSchema } from '../../../../shared/schemas/banking';
import type { AccountAnswer } from '../../../../shared/schemas/banking-answers';
import { applyServerErrors } from '../../../lib/form-errors';
import { uploadImageOnce } from '../../../lib/upload-image';
import { useSafeOperation } from '../../../lib/use-safe-operation';
import { type LoanRequestAnswer, sendLoanRequest, useRefreshBanking } from '../api/money';
import { documentFileList } from './photo-field';

const formSchema = loanRequestSchema.omit({ accNum: true, document: true, income: true, lAmount: true }).extend({
  income: amountInPoisha('Monthly income'),
  lAmount: amountInPoisha('Loan amount'),
  document: documentFileList('Proof of income is required'),
});
export type LoanRequestInput = z.input<typeof formSchema>;
export type LoanRequestValues = z.output<typeof formSchema>;
const fieldNames = ['loan', 'income', 'company', 'lAmount', 'lDuration', 'document', 'documentKind'] as const;

/**
 * The loan request's rules: the shared schema with amounts typed as people type them, the proof
 * of income uploaded once per request (a resend carries the same address), the request sent with
 * its Idempotency-Key, and a refusal shown under the field it names.
 */
export function useLoanRequestForm(account: AccountAnswer) {
  const refresh = useRefreshBanking();
  const form = useForm<LoanRequestInput, unknown, LoanRequestValues>({ resolver: zodResolver(formSchema) });
  const [amount, duration, loanType] = useWatch({ control: form.control, name: ['lAmount', 'lDuration', 'loan'] });
  const requestLoan = useSafeOperation<LoanRequestValues, LoanRequestAnswer>({
    async send(values, key) {
      const file = values.document[0];
      if (!file) throw new Error('the form schema requires a document');
      const document = await uploadImageOnce(file, 'document', key);
      return sendLoanRequest(
        {
          loan: values.loan,
          accNum: account._id,
          income: poishaToDecimalString(values.income),
          company: values.company,
          lAmount: poishaToDecimalString(values.lAmount),
          lDuration: String(values.lDuration),
          document,
          documentKind: values.documentKind,
        },
        key,
      );
    },
    onDone: refresh,
    onRefused: (caught) => applyServerErrors(caught, form.setError, fieldNames, { image: 'document' }),
  });
  const error = (name: keyof LoanRequestInput) => form.formState.errors[name]?.message as string | undefined;
  return { form, error, requestLoan, watched: { amount, duration, loanType } };
}
