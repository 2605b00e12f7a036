import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { formatDateTime } from '../../lib/format';

type OperationReceiptProps = {
  title: string;
  /** The server's id for what was done (a journal entry, a request): what the customer quotes to the bank. */
  reference: string | undefined;
  details: ReadonlyArray<readonly [label: string, value: ReactNode]>;
  /** When the bank recorded it (the server's time); the moment the answer arrived when it does not say. */
  at?: string | undefined;
  note?: string | undefined;
  /** Where to go next. */
  children: ReactNode;
};

/** The result of a money action, kept on screen with its reference until the customer moves on. */
export function OperationReceipt({ title, reference, details, at, note, children }: OperationReceiptProps) {
  const { t } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  const [answeredAt] = useState(() => new Date().toISOString());

  useEffect(() => {
    heading.current?.focus();
  }, []);

  return (
    <section aria-labelledby="receipt-title" className="card border border-success/40 bg-base-100 shadow-sm" data-testid="operation-receipt">
      <div className="card-body gap-4">
        <div className="flex items-center gap-3">
          <svg viewBox="0 0 24 24" className="size-8 shrink-0 text-success" aria-hidden="true">
            <circle cx="12" cy="12" r="11" fill="currentColor" opacity="0.15" />
            <path d="M7 12.5l3.2 3.2L17 9" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
          <h2 id="receipt-title" ref={heading} tabIndex={-1} className="text-xl font-bold outline-none">
            {title}
          </h2>
        </div>
        <dl className="grid gap-3 text-sm sm:grid-cols-2">
          {reference ? (
            <div>
              <dt className="text-base-content/80">{t('operation.reference')}</dt>
              <dd className="font-mono font-semibold" data-testid="receipt-reference">
                {reference}
              </dd>
            </div>
          ) : null}
          <div>
            <dt className="text-base-content/80">{t('operation.time')}</dt>
            <dd className="font-semibold" data-testid="receipt-time">
              {formatDateTime(at ?? answeredAt)}
            </dd>
          </div>
          {details.map(([label, value]) => (
            <div key={label}>
              <dt className="text-base-content/80">{label}</dt>
              <dd className="font-semibold break-words">{value}</dd>
            </div>
          ))}
        </dl>
        {note ? <p className="text-sm text-base-content/80">{note}</p> : null}
        <div className="card-actions print-hidden">
          {children}
          <button type="button" className="btn btn-ghost" onClick={() => window.print()}>
            {t('operation.print')}
          </button>
        </div>
      </div>
    </section>
  );
}
