import { useEffect, useRef } from 'react';
import { toast } from '../../../lib/toast';
import { useTranslation } from '../../../lib/use-translation';
import { ConfirmButtons } from '../../../components/ui/confirm-buttons';
import { holdFocusWithin } from '../../../components/ui/hold-focus';
import { OperationNotice } from '../../../components/ui/operation-notice';
import { useSafeOperation } from '../../../lib/use-safe-operation';
import { decisionReasonLengthMax } from '../../../../shared/constants';
import type { DeclineInput } from '../../../../shared/schemas/decline';
import { describedBy, FormField } from '../../../components/ui/form-field';
import { errorMessage } from '../../../lib/error-message';
import { DeclineReasonFields } from './decline-reason-fields';
import { useDecisionReasons } from './use-decision-reasons';

/**
 * A decision waiting for the staff member's confirmation. `run` performs it once with the
 * dialog's Idempotency-Key and shows its success toast; the dialog may call it again with the
 * same key when an answer was lost.
 */
export type ConfirmRequest = {
  /** The id of what is decided on: two decisions with the same words are still two decisions. */
  subject: string;
  title: string;
  body: string;
  /** What the decision rests on, shown under the body: a loan applicant's income, employer and evidence. */
  facts?: ConfirmFact[];
  /** A document to look at before deciding, such as the applicant's proof of income; a PDF is opened, not shown. */
  document?: { label: string; src: string; alt: string; openLabel: string; isPdf?: boolean };
  confirmLabel: string;
  tone: 'primary' | 'error';
  /** A decline of a waiting request: the dialog asks for the reason and the note before it sends. */
  askReason?: boolean | undefined;
  /**
   * A decline explained in the staff member's own words, for a colleague to read (a proposed
   * notice's proposer): the dialog asks for them, required, and hands them to `run`.
   */
  askWords?: { label: string; required: string } | undefined;
  run: (idempotencyKey: string, decline?: DeclineInput, words?: string) => Promise<void>;
};

/** One labelled fact; `long` keeps the line breaks of free text that the customer wrote. */
export type ConfirmFact = { label: string; value: string; long?: boolean };

function Facts({ facts }: { facts: ConfirmFact[] }) {
  return (
    <dl className="grid gap-x-4 gap-y-2 rounded-box bg-base-200/60 p-3 text-sm sm:grid-cols-2" data-testid="confirm-facts">
      {facts.map((fact) => (
        <div key={fact.label} className={fact.long ? 'sm:col-span-2' : ''}>
          <dt className="text-xs uppercase tracking-wide text-base-content/70">{fact.label}</dt>
          <dd className={`font-medium ${fact.long ? 'max-h-32 overflow-y-auto whitespace-pre-wrap wrap-anywhere' : 'wrap-anywhere'}`}>{fact.value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Document({ document }: { document: NonNullable<ConfirmRequest['document']> }) {
  return (
    <figure className="mt-3">
      <figcaption className="mb-1 flex items-baseline justify-between gap-2 text-xs uppercase tracking-wide text-base-content/70">
        {document.label}
        <a href={document.src} target="_blank" rel="noreferrer" className="link link-primary normal-case tracking-normal">
          {document.openLabel}
        </a>
      </figcaption>
      {document.isPdf ? (
        <a href={document.src} target="_blank" rel="noreferrer" className="btn btn-outline btn-sm w-full justify-start normal-case" data-testid="decision-document-pdf">
          <span className="badge badge-neutral badge-sm">PDF</span>
          {document.alt}
        </a>
      ) : (
        <img src={document.src} alt={document.alt} className="max-h-48 w-auto max-w-full rounded-box border border-base-300 object-contain" />
      )}
    </figure>
  );
}

type DeclineWordsFieldProps = { label: string; value: string; error: string | undefined; disabled: boolean; onChange: (words: string) => void };

/** A decline in the staff member's own words, for the colleague who proposed what is declined. */
function DeclineWordsField({ label, value, error, disabled, onChange }: DeclineWordsFieldProps) {
  return (
    <FormField id="decline-words" label={label} error={error}>
      <textarea
        className={`textarea w-full ${error ? 'textarea-error' : ''}`}
        rows={2}
        maxLength={decisionReasonLengthMax}
        value={value}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value)}
        {...describedBy('decline-words', error)}
      />
    </FormField>
  );
}

/**
 * Every staff decision is confirmed first: approvals move money or issue cards, and declining,
 * cancelling or disabling cannot be undone from here. Focus starts on Cancel and Tab keeps it in
 * the dialog; Escape cancels, and
 * the browser gives focus back to the button that opened the dialog; the confirm button locks
 * from the first press. A refused action shows the server's reason in an error toast (for
 * example 'This deposit has already been approved' when a colleague was faster); a lost answer
 * is settled by resending the same decision, never shown as a refusal.
 */
export function ConfirmDialog({ request, onClose }: { request: ConfirmRequest | null; onClose: () => void }) {
  const { t } = useTranslation();
  const dialog = useRef<HTMLDialogElement>(null);
  const cancelButton = useRef<HTMLButtonElement>(null);
  const reasons = useDecisionReasons();
  const decision = useSafeOperation<ConfirmRequest, void>({
    send: (confirmed, key) => confirmed.run(key, ...reasons.chosen(confirmed)),
    onDone: () => dialog.current?.close(),
    onRefused: (error) => {
      toast.error(errorMessage(error, t));
      dialog.current?.close();
    },
  });
  const { state, busy } = decision;
  const { ask } = decision;

  useEffect(() => {
    const element = dialog.current;
    if (!element || !request || element.open) return;
    reasons.reset();
    ask(request);
    element.showModal();
    cancelButton.current?.focus();
    // `ask` and `reset` are new functions on every render; the dialog opens once per request.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [request]);

  return (
    <dialog
      ref={dialog}
      className="modal modal-bottom sm:modal-middle"
      aria-labelledby="confirm-title"
      aria-describedby="confirm-body"
      onKeyDown={holdFocusWithin}
      onClose={() => {
        decision.cancel();
        onClose();
      }}
      onCancel={(event) => {
        if (busy) event.preventDefault();
      }}
    >
      {request ? (
        <div className="modal-box">
          <h2 id="confirm-title" className="text-lg font-bold">
            {request.title}
          </h2>
          <p id="confirm-body" className="py-3 text-base-content/80">
            {request.body}
          </p>
          {request.facts ? <Facts facts={request.facts} /> : null}
          {request.document ? <Document document={request.document} /> : null}
          {request.askReason ? <DeclineReasonFields {...reasons.reason} disabled={busy} /> : null}
          {request.askWords ? <DeclineWordsField label={request.askWords.label} {...reasons.words} disabled={busy} /> : null}
          <OperationNotice state={state} checking={t('dashboard.list.checking')} unknown={t('dashboard.list.unknown')} onCheckAgain={decision.checkAgain} />
          <div className="modal-action">
            <ConfirmButtons
              cancelRef={cancelButton}
              cancelLabel={t('dashboard.list.cancel')}
              confirmLabel={request.confirmLabel}
              busyLabel={t('dashboard.list.working')}
              busy={busy}
              tone={request.tone}
              size="md"
              withoutConfirm={state.phase === 'unknown'}
              onCancel={() => dialog.current?.close()}
              onConfirm={() => {
                if (reasons.check(request, dialog.current)) decision.confirm();
              }}
            />
          </div>
        </div>
      ) : null}
    </dialog>
  );
}
