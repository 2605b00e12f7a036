import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { normaliseName } from '../../../../shared/names';
import { payeeCheckSchema } from '../../../../shared/schemas/banking';
import { ApiError } from '../../../lib/api-client';
import { checkPayee, type PayeeCheckPayload } from '../api/money';

/** Typing pauses this long before the details are checked: each check counts against the customer's allowance. */
const settleMs = 600;

export type PayeeCheckState = 'idle' | 'checking' | 'match' | 'noMatch' | 'unavailable';

/**
 * Confirmation of payee while the sender types: once type, name and a full account number are
 * there and typing has paused, the bank says whether they match. The same details are asked once
 * (cached), so going back and forth costs no second check.
 */
export function usePayeeCheck(typed: PayeeCheckPayload): PayeeCheckState {
  const { transfer, user, accNum } = typed;
  const [settled, setSettled] = useState(typed);
  useEffect(() => {
    const timer = setTimeout(() => setSettled({ transfer, user, accNum }), settleMs);
    return () => clearTimeout(timer);
  }, [transfer, user, accNum]);
  const parsed = payeeCheckSchema.safeParse(settled);
  const key = parsed.success ? [parsed.data.transfer, normaliseName(parsed.data.user), parsed.data.accNum] : [];
  const query = useQuery({
    queryKey: ['payeeCheck', ...key],
    queryFn: () => checkPayee(settled),
    enabled: parsed.success,
    staleTime: Number.POSITIVE_INFINITY,
    retry: (failures, error) => failures < 1 && !(error instanceof ApiError && error.status < 500 && error.status > 0),
  });
  const stillTyping = transfer !== settled.transfer || user !== settled.user || accNum !== settled.accNum;
  if (!parsed.success || stillTyping) return 'idle';
  if (query.isPending) return 'checking';
  if (query.isError) return 'unavailable';
  return query.data.match ? 'match' : 'noMatch';
}

/** What the check found, announced politely to screen readers beside the receiver's fields. */
export function PayeeCheckLine({ state }: { state: PayeeCheckState }) {
  const { t } = useTranslation();
  const text = state === 'idle' ? '' : t(`transfer.payee.${state}`);
  const tone = state === 'match' ? 'text-success' : state === 'noMatch' ? 'text-error' : 'text-base-content/80';
  const mark = state === 'match' ? '✓ ' : state === 'noMatch' ? '✗ ' : '';
  return (
    <p role="status" data-testid="payee-check" data-state={state} className={`min-h-5 text-sm ${tone}`}>
      {text ? (
        <>
          <span aria-hidden="true">{mark}</span>
          {text}
        </>
      ) : null}
    </p>
  );
}
