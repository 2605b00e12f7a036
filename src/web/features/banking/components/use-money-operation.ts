import { useRef } from 'react';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import type { StepUpCheckAnswer } from '../../../../shared/schemas/two-factor';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { applyServerErrors } from '../../../lib/form-errors';
import { type StepUpCheck, stepUpBeforeConfirm } from '../../../lib/step-up';
import { useSafeOperation } from '../../../lib/use-safe-operation';
import { useTranslation } from '../../../lib/use-translation';
import { useRefreshBanking } from '../api/money';

type MoneyOperationOptions<V, P, A, F extends FieldValues> = {
  /** The form's `setError`: a refusal of one field goes under it, any other refusal above the buttons. */
  setError: UseFormSetError<F>;
  /** The fields the server may name in a refusal, as the form calls them. */
  refusableFields: readonly Path<F>[];
  /** The request that the confirmed values make, the same for the check and for every send. */
  payloadOf: (values: V) => P;
  /** The operation's step-up check: whether it needs a code, and with one, whether the code is right. */
  check: (payload: P, code: string | undefined) => Promise<StepUpCheckAnswer>;
  /** One send with the operation's Idempotency-Key, asking for a code again when the server wants one. */
  send: (payload: P, idempotencyKey: string, stepUp: { code: string | undefined; check: StepUpCheck }) => Promise<A>;
  /** Shown above the buttons when the step-up check fails other than by the server's answer (the network). */
  unknownMessage: string;
  /** After the money has gone and the balances have been read again. */
  onDone?: (answer: A, values: V) => Promise<void>;
};

/**
 * Money leaving an account, the transfer's and the payment's alike: the step-up code asked before
 * the confirm step, one Idempotency-Key per confirmed operation kept for every resend, an unknown
 * outcome settled by asking again with the same key, and the balances read again after the
 * answer, whichever it is.
 */
export function useMoneyOperation<V, P, A, F extends FieldValues>({ setError, refusableFields, payloadOf, check, send, unknownMessage, onDone }: MoneyOperationOptions<V, P, A, F>) {
  const { t } = useTranslation();
  const refresh = useRefreshBanking();
  // The code confirmed before the confirm step (step-up), sent with the operation.
  const stepUpCode = useRef<string | undefined>(undefined);
  const operation = useSafeOperation<V, A>({
    send: (values, key) => send(payloadOf(values), key, { code: stepUpCode.current, check: (code) => check(payloadOf(values), code) }),
    onDone: async (answer, values) => {
      await refresh();
      await onDone?.(answer, values);
    },
    onRefused: (caught) => {
      applyServerErrors(caught, setError, refusableFields);
      // The balance and what is left today may have changed elsewhere (another device): show them as the server saw them.
      void refresh();
    },
  });

  /** Asked before the confirm step, in a dialog over the form: a code, or a number to verify first. False when cancelled or refused. */
  const stepUp = async (values: V): Promise<boolean> => {
    stepUpCode.current = undefined;
    try {
      const answer = await stepUpBeforeConfirm((code) => check(payloadOf(values), code));
      if (!answer) return false;
      stepUpCode.current = answer.code;
      return true;
    } catch (caught) {
      applyServerErrors(caught, setError, refusableFields);
      const underAField = caught instanceof ApiError && Object.keys(caught.fields).length > 0;
      // A refusal of the whole operation in the one rule's words; a failure that is not the server's answer, as the operation's own.
      if (!underAField) setError('root', { message: caught instanceof ApiError ? errorMessage(caught, t) : unknownMessage });
      return false;
    }
  };

  /** The step-up first, then the confirm step; nothing is shown when the customer cancels the code. */
  const ask = async (values: V) => {
    if (await stepUp(values)) operation.ask(values);
  };

  return { operation, ask };
}
