import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { accountNumber, accountTypeDisplayNames } from '../../../../shared/schemas/banking';
import { nameEnquirySchema, type NameEnquiryAnswer, type ParticipantEnquiryAnswer } from '../../../../shared/schemas/name-enquiry';
import { ApiError } from '../../../lib/api-client';
import { lookUpName, lookUpNameAt } from '../api/name-enquiry';

/** Typing pauses this long before the number is looked up: each look-up counts against the customer's allowance. */
const settleMs = 400;

const receiverNumber = accountNumber('Receiver account number');

type Lookup<Payee> = { state: 'idle' | 'checking' | 'notFound' | 'throttled' | 'unavailable'; retry: () => void } | { state: 'found'; payee: Payee; retry: () => void };
export type PayeeLookup = Lookup<NameEnquiryAnswer>;
/** A look-up at another bank or wallet: the switch answers the masked name, no account type. */
export type ParticipantLookup = Lookup<ParticipantEnquiryAnswer>;

/** The typed number once typing has paused for `settleMs`. */
function useSettled(typed: string): string {
  const [settled, setSettled] = useState(typed);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(typed), settleMs);
    return () => clearTimeout(timer);
  }, [typed]);
  return settled;
}

const stateOfFailure = (error: unknown) => {
  const status = error instanceof ApiError ? error.status : 0;
  return status === 404 ? 'notFound' : status === 429 ? 'throttled' : 'unavailable';
};

const notRetriedByItself = (failures: number, error: unknown) => failures < 1 && !(error instanceof ApiError && error.status < 500 && error.status > 0);

/**
 * The bank's name enquiry while the customer types an account number: once thirteen digits (ASCII
 * or Bangla) are there and typing has paused, the account's holder is looked up and shown masked
 * with the account's type. A number is asked once per visit (cached), so going back and forth
 * costs no second look-up; a refusal the customer cannot change by waiting (404, 429) is not
 * retried by itself.
 */
export function usePayeeLookup(typed: string): PayeeLookup {
  const settled = useSettled(typed);
  const parsed = receiverNumber.safeParse(settled);
  const accNum = parsed.success ? parsed.data : '';
  const query = useQuery({
    queryKey: ['nameEnquiry', accNum],
    queryFn: () => lookUpName(accNum),
    enabled: parsed.success,
    staleTime: Number.POSITIVE_INFINITY,
    retry: notRetriedByItself,
  });
  const retry = () => void query.refetch();
  if (!parsed.success || typed !== settled) return { state: 'idle', retry };
  if (query.isPending) return { state: 'checking', retry };
  if (query.isError) return { state: stateOfFailure(query.error), retry };
  return { state: 'found', payee: query.data, retry };
}

/**
 * The same look-up for a number at another bank or wallet, through the switch: once the number
 * fits the participant (6 to 20 digits at a bank, 01XXXXXXXXX at a wallet) and typing has paused.
 */
export function useParticipantLookup(participant: string, typed: string): ParticipantLookup {
  const settled = useSettled(typed);
  const parsed = nameEnquirySchema.safeParse({ accNum: settled, participant });
  const accNum = parsed.success ? parsed.data.accNum : '';
  const query = useQuery({
    queryKey: ['nameEnquiry', participant, accNum],
    queryFn: () => lookUpNameAt(participant, accNum),
    enabled: parsed.success && participant !== '',
    staleTime: Number.POSITIVE_INFINITY,
    retry: notRetriedByItself,
  });
  const retry = () => void query.refetch();
  if (!parsed.success || participant === '' || typed !== settled) return { state: 'idle', retry };
  if (query.isPending) return { state: 'checking', retry };
  if (query.isError) return { state: stateOfFailure(query.error), retry };
  return { state: 'found', payee: query.data, retry };
}

/** The receiver's account type in the reader's words. */
export const accountTypeWordOf = (payee: NameEnquiryAnswer) => accountTypeDisplayNames[payee.accountType];

/**
 * Whose account the typed number is, announced politely to screen readers beside the number: the
 * masked name in large type, so the customer recognises the person (not a spelling), and the type.
 */
export function PayeeLookupLine({ lookup }: { lookup: PayeeLookup | ParticipantLookup }) {
  const { t } = useTranslation();
  return (
    <div role="status" data-testid="payee-lookup" data-state={lookup.state} className="min-h-5 text-sm">
      {lookup.state === 'found' ? (
        <div className="rounded-box border border-success/40 bg-success/10 px-3 py-2">
          <p className="text-xs text-base-content/80">{t('transfer.payee.found')}</p>
          <p className="text-lg font-semibold tracking-wide break-words text-base-content" data-testid="payee-name">
            {lookup.payee.maskedName}
          </p>
          {'accountType' in lookup.payee ? <p className="text-base-content/80">{t('transfer.payee.typeAccount', { type: accountTypeWordOf(lookup.payee) })}</p> : null}
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
