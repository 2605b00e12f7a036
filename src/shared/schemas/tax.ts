import { z } from 'zod';
import { amountErrorMessages } from '../money';
import { estimateIncomeTax } from '../tax';

/** The home page's tax form: one field, kept as typed text so "3,50,000" is read exactly. */
export const taxFormSchema = z.object({
  salary: z
    .string({ error: 'Salary is required' })
    .trim()
    .min(1, 'Salary is required')
    .superRefine((salary, context) => {
      const estimate = estimateIncomeTax(salary);
      if (!estimate.ok) context.addIssue({ code: 'custom', message: `Salary ${amountErrorMessages[estimate.reason]}` });
    }),
});
export type TaxFormInput = z.infer<typeof taxFormSchema>;
