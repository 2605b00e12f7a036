import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { accountNumber, accountTypeDisplayNames } from '../../../../shared/schemas/banking';
import type { NameEnquiryAnswer } from '../../../../shared/schemas/name-enquiry';
import { ApiError } from '../../../lib/api-client';
import { lookUpName } from '../api/name-enquiry';

/** Typing pauses this long before the number is looked up: each look-up counts against the customer's allowance. */
const settleMs = 400;

const receiverNumber = accountNumber('Receiver account number');

export type PayeeLookup = { state: 'idle' | 'checking' | 'notFound' | 'throttled' | 'unavailable'; retry: () => void } | { state: 'found'; payee: NameEnquiryAnswer; retry: () => void };

/**
 * The bank's name enquiry while the customer types an account number: once thirteen digits (ASCII
 * or Bangla) are there and typing has paused, the account's holder is looked up and shown masked
 * with the account's type. A number is asked once per visit (cached), so going back and forth
 * costs no second look-up; a refusal the customer cannot change by waiting (404, 429) is not
 * retried by itself.
 */
export function usePayeeLookup(typed: string): PayeeLookup {
  const [settled, setSettled] = useState(typed);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(typed), settleMs);
    return () => clearTimeout(timer);
  }, [typed]);
  const parsed = receiverNumber.safeParse(settled);
  const accNum = parsed.success ? parsed.data : '';
  const query = useQuery({
    queryKey: ['nameEnquiry', accNum],
    queryFn: () => lookUpName(accNum),
    enabled: parsed.success,
    staleTime: Number.POSITIVE_INFINITY,
    retry: (failures, error) => failures < 1 && !(error instanceof ApiError && error.status < 500 && error.status > 0),
  });
  const retry = () => void query.refetch();
  if (!parsed.success || typed !== settled) return { state: 'idle', retry };
  if (query.isPending) return { state: 'checking', retry };
  if (query.isError) {
    const status = query.error instanceof ApiError ? query.error.status : 0;
    return { state: status === 404 ? 'notFound' : status === 429 ? 'throttled' : 'unavailable', retry };
  }
  return { state: 'found', payee: query.data, retry };
}

/** The receiver's account type in the reader's words. */
export const accountTypeWordOf = (payee: NameEnquiryAnswer) => accountTypeDisplayNames[payee.accountType];

/**
 * Whose account the typed number is, announced politely to screen readers beside the number: the
 * masked name in large type, so the customer recognises the person (not a spelling), and the type.
 */
export function PayeeLookupLine({ lookup }: { lookup: PayeeLookup }) {
  const { t } = useTranslation();
  return (
    <div role="status" data-testid="payee-lookup" data-state={lookup.state} className="min-h-5 text-sm">
      {lookup.state === 'found' ? (
        <div className="rounded-box border border-success/40 bg-success/10 px-3 py-2">
          <p className="text-xs text-base-content/80">{t('transfer.payee.found')}</p>
          <p className="text-lg font-semibold tracking-wide break-words text-base-content" data-testid="payee-name">
            {lookup.payee.maskedName}
          </p>
          <p className="text-base-content/80">{t('transfer.payee.typeAccount', { type: accountTypeWordOf(lookup.payee) })}</p>
          <p className="mt-1 text-xs text-base-content/80">{t('transfer.payee.foundHint')}</p>
        </div>
      ) : lookup.state === 'idle' ? null : lookup.state === 'checking' ? (
        <p className="text-base-content/80">{t('transfer.payee.checking')}</p>
      ) : (
        <p className="text-error">
          <span aria-hidden="true">✗ </span>
          {t(`transfer.payee.${lookup.state}`)}
          {lookup.state === 'unavailable' ? (
            <button type="button" className="btn btn-link btn-sm min-h-11 px-1 align-baseline" onClick={lookup.retry}>
              {t('transfer.payee.retry')}
            </button>
          ) : null}
        </p>
      )}
    </div>
  );
}
