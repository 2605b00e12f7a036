import { useEffect, useRef, useState } from 'react';
import type { ApiError } from './api-client';
import { newIdempotencyKey, operationSignature, settle } from './settle-operation';

/**
 * Where one operation stands. `confirming`: the customer sees what will happen and may still
 * cancel. `sending`: the first send is on its way. `checking`: its answer was lost and the same
 * request is being resent to find out what happened. `unknown`: we still could not tell.
 */
export type OperationState<V, A> =
  { phase: 'editing' } | { phase: 'confirming' | 'sending' | 'checking' | 'unknown'; values: V } | { phase: 'done'; values: V; answer: A } | { phase: 'refused'; values: V; error: ApiError };

type Operation<V> = { key: string; signature: string; values: V; settled: boolean };

export type SafeOperationOptions<V, A> = {
  /** One send of the operation: must pass `idempotencyKey` to the server, and may be called again with the same values and key. */
  send: (values: V, idempotencyKey: string) => Promise<A>;
  onDone?: (answer: A, values: V) => void | Promise<void>;
  onRefused?: (error: ApiError, values: V) => void;
};

/**
 * A money action or staff decision that is safe to repeat. The Idempotency-Key is made when the
 * operation is confirmed (or a one-step form is submitted) and kept for every send and resend of
 * the same values; different values make a new one, and so does a settled operation. The first
 * tap locks it: a second tap or Enter while it is on its way does nothing, even before React has
 * disabled the button.
 */
export function useSafeOperation<V, A>(options: SafeOperationOptions<V, A>) {
  const [state, setState] = useState<OperationState<V, A>>({ phase: 'editing' });
  const operation = useRef<Operation<V> | null>(null);
  const inFlight = useRef(false);
  /** The button that opened the confirm step: focus goes back to it when the customer cancels. */
  const openerRef = useRef<HTMLButtonElement>(null);
  const [cancelCount, setCancelCount] = useState(0);
  const [refusedCount, setRefusedCount] = useState(0);

  useEffect(() => {
    if (cancelCount > 0) openerRef.current?.focus();
  }, [cancelCount]);

  // A refusal takes away the confirm step, and with it the button that had focus (or a code prompt
  // closed with Escape handed focus to that button, gone or disabled): focus would fall to the
  // page's body and a keyboard user would start again from the top. It goes back to the button
  // that starts the operation, unless the page has put it somewhere already.
  useEffect(() => {
    const focusLost = document.activeElement === null || document.activeElement === document.body;
    if (refusedCount > 0 && focusLost) openerRef.current?.focus();
  }, [refusedCount]);

  const prepare = (values: V): Operation<V> => {
    const signature = operationSignature(values);
    const previous = operation.current;
    if (previous && !previous.settled && previous.signature === signature) return previous;
    operation.current = { key: newIdempotencyKey(), signature, values, settled: false };
    return operation.current;
  };

  const run = async (current: Operation<V>) => {
    if (inFlight.current || current.settled) return;
    inFlight.current = true;
    const { values } = current;
    setState({ phase: 'sending', values });
    const result = await settle(() => options.send(values, current.key), { onChecking: () => setState({ phase: 'checking', values }) });
    inFlight.current = false;
    if (result.outcome === 'unknown') {
      setState({ phase: 'unknown', values });
      return;
    }
    current.settled = true;
    if (result.outcome === 'done') {
      setState({ phase: 'done', values, answer: result.answer });
      await options.onDone?.(result.answer, values);
    } else {
      setState({ phase: 'refused', values, error: result.error });
      setRefusedCount((count) => count + 1);
      options.onRefused?.(result.error, values);
    }
  };

  const resend = () => {
    if (operation.current) void run(operation.current);
  };

  const busy = state.phase === 'sending' || state.phase === 'checking';
  return {
    state,
    busy,
    openerRef,
    /** Shows the confirm step for these values. */
    ask(values: V) {
      if (inFlight.current) return;
      setState({ phase: 'confirming', values: prepare(values).values });
    },
    /** Sends what the confirm step shows. */
    confirm: resend,
    /** After an unknown outcome: the same request again, with the same key, to find out what happened. */
    checkAgain: resend,
    /** A one-step form: submit and send at once. */
    submit(values: V) {
      if (inFlight.current) return;
      void run(prepare(values));
    },
    cancel() {
      if (inFlight.current) return;
      setState({ phase: 'editing' });
      setCancelCount((count) => count + 1);
    },
    /** After a result: start a new operation. */
    reset() {
      if (inFlight.current) return;
      operation.current = null;
      setState({ phase: 'editing' });
    },
  };
}

export type SafeOperation<V, A> = ReturnType<typeof useSafeOperation<V, A>>;
