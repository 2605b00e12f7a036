import type { TFunction } from '../../lib/use-translation';
import { useTranslation } from '../../lib/use-translation';
import { ApiError } from '../../lib/api-client';
import { refusalText } from '../../lib/error-message';
import type { OperationState } from '../../lib/use-safe-operation';
import { FormError } from './form-error';

/** The server's own words for a refusal ('Receiver name does not match'); a signed-out customer is told to log in. */
export function refusalMessage(error: ApiError, t: TFunction): string {
  if (error.status === 401) return t('operation.signedOut');
  return refusalText(error, t);
}

type OperationNoticeProps<V, A> = {
  state: OperationState<V, A>;
  /** 'Checking whether your transfer went through…' */
  checking: string;
  /** What to tell the customer when we still cannot tell, and what to do about it. */
  unknown: string;
  onCheckAgain: () => void;
};

/**
 * What the customer must know while an answer is missing: a lost answer is never their mistake,
 * so it is never shown as a refusal. Only a real refusal (4xx) appears as an error.
 */
export function OperationNotice<V, A>({ state, checking, unknown, onCheckAgain }: OperationNoticeProps<V, A>) {
  const { t } = useTranslation();
  if (state.phase === 'checking') {
    return (
      <div role="status" className="alert alert-info alert-soft" data-testid="operation-checking">
        <span className="loading loading-spinner loading-sm" aria-hidden="true" />
        <span>{checking}</span>
      </div>
    );
  }
  if (state.phase === 'unknown') {
    return (
      <div role="alert" className="alert alert-warning alert-soft flex flex-col items-stretch gap-3 sm:flex-row sm:items-center" data-testid="operation-unknown">
        <p className="flex-1">{unknown}</p>
        <button type="button" className="btn btn-warning btn-sm" onClick={onCheckAgain}>
          {t('operation.checkAgain')}
        </button>
      </div>
    );
  }
  if (state.phase === 'refused') return <FormError message={refusalMessage(state.error, t)} />;
  return null;
}
