type ErrorStateProps = { message: string; retryLabel?: string; onRetry?: () => void };

export function ErrorState({ message, retryLabel, onRetry }: ErrorStateProps) {
  return (
    <div role="alert" className="alert alert-error alert-soft my-6">
      <span>{message}</span>
      {onRetry && retryLabel ? (
        <button type="button" className="btn btn-sm" onClick={onRetry}>
          {retryLabel}
        </button>
      ) : null}
    </div>
  );
}
