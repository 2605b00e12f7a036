import type { InputHTMLAttributes } from 'react';
import { messageInLanguage } from '../../lib/i18n';

type OneFieldRowProps = {
  /** The input's id; its error is `${id}-error`, and a label elsewhere points at the id. */
  id: string;
  /** The hint above the row that the input is described by. */
  hintId: string;
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
  submitLabel: string;
  submitDisabled: boolean;
  busy: boolean;
  input?: Pick<InputHTMLAttributes<HTMLInputElement>, 'inputMode' | 'autoComplete' | 'className'>;
};

/**
 * One field and its button on a row (stacked on a phone), and the server's refusal under them:
 * a profile card's single setting, such as the name or the TIN, inside the card's own form.
 */
export function OneFieldRow({ id, hintId, value, onChange, error, submitLabel, submitDisabled, busy, input }: OneFieldRowProps) {
  const errorId = `${id}-error`;
  return (
    <>
      <div className="flex flex-col gap-2 sm:flex-row">
        <input
          id={id}
          {...input}
          className={`input w-full ${input?.className ?? ''}`.trim()}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          aria-describedby={error ? `${hintId} ${errorId}` : hintId}
          aria-invalid={error ? true : undefined}
        />
        <button type="submit" className="btn btn-primary" disabled={busy || submitDisabled} aria-busy={busy}>
          {submitLabel}
        </button>
      </div>
      {error ? (
        <p id={errorId} className="text-sm text-error" role="alert">
          {messageInLanguage(error)}
        </p>
      ) : null}
    </>
  );
}
