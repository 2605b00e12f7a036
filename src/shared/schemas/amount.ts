import { z } from 'zod';
import { amountErrorMessages, parseAmountToPoisha } from '../money';

/**
 * An amount in BDT as a JSON number or decimal string, validated and converted to integer
 * poisha. `label` names the field in every message ("Deposit amount must be greater than 0").
 */
export function amountInPoisha(label: string) {
  return z.unknown().transform((value, context) => {
    if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) {
      context.addIssue({ code: 'custom', message: `${label} is required` });
      return z.NEVER;
    }
    const parsed = parseAmountToPoisha(value);
    if (!parsed.ok) {
      context.addIssue({ code: 'custom', message: `${label} ${amountErrorMessages[parsed.reason]}` });
      return z.NEVER;
    }
    return parsed.poisha;
  });
}
