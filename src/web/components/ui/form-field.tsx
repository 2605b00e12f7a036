import type { ReactNode } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { messageInLanguage } from '../../lib/i18n';

type FormFieldProps = {
  id: string;
  label: string;
  error?: string | undefined;
  hint?: string | undefined;
  children: ReactNode;
};

/** A label, the control and its message, tied together for screen readers (aria-describedby). */
export function FormField({ id, label, error, hint, children }: FormFieldProps) {
  // Re-renders when the language changes: the message is the schema's English, shown translated.
  useTranslation();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-base-content">
        {label}
      </label>
      {children}
      {hint && !error ? (
        <p id={`${id}-hint`} className="text-xs text-base-content/80">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-error">
          {messageInLanguage(error)}
        </p>
      ) : null}
    </div>
  );
}

/** Props that connect an input to its FormField's hint and error. */
export function describedBy(id: string, error: string | undefined, hint?: string) {
  const ids = [error ? `${id}-error` : undefined, hint && !error ? `${id}-hint` : undefined].filter(Boolean);
  return { id, 'aria-invalid': error ? true : undefined, 'aria-describedby': ids.length > 0 ? ids.join(' ') : undefined };
}
