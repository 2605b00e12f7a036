import type { TFunction } from '../../../lib/use-translation';
import { useTranslation } from '../../../lib/use-translation';
import type { BulkApprovalItem, QueueKind } from '../../../../shared/schemas/staff-queue';
import { refusalText } from '../../../lib/error-message';
import type { ConfirmRequest } from './confirm-dialog';

/** What a list lets staff approve several at once: its kind, which rows wait, and how a row is named. */
export type BulkApproval<Item> = {
  kind: QueueKind;
  selectable: (item: Item) => boolean;
  /** How the dialog and the results name a row: 'Farzana Haque · 1234567890123'. */
  describe: (item: Item) => string;
};

/** A chosen row: its key and how it is named. */
export type Chosen = { key: string; name: string };

/** A request the server would not approve, named as it was chosen, with the reason in the reader's language. */
export type Refused = { name: string; reason: string };

/** Why one request of several was not approved: a reason of its own where the batch needs one (a code is for one approval), else the server's. */
export function refusalOfItem(item: Extract<BulkApprovalItem, { outcome: 'refused' }>, t: TFunction): string {
  const own = `dashboard.queue.refusals.${item.code}`;
  return t(own, { defaultValue: refusalText(item, t) });
}

/** The confirm dialog of approving several: each chosen request named, and what happens to one that cannot be approved. */
export function bulkConfirmRequest(t: TFunction, chosen: Chosen[], run: ConfirmRequest['run']): ConfirmRequest {
  return {
    subject: `bulk:${chosen.map((row) => row.key).join(',')}`,
    title: t('dashboard.queue.bulkTitle', { count: chosen.length }),
    body: t('dashboard.queue.bulkBody'),
    facts: chosen.map((row, index) => ({ label: t('dashboard.queue.itemNumber', { number: index + 1 }), value: row.name })),
    confirmLabel: t('dashboard.queue.bulkConfirm', { count: chosen.length }),
    tone: 'primary',
    run,
  };
}

type BulkBarProps = {
  selectable: Chosen[];
  selected: ReadonlySet<string>;
  onSelectAll: (all: boolean) => void;
  onApprove: () => void;
  refused: Refused[];
  onDismiss: () => void;
};

/** Above a list that waits: choose all on the page, approve the chosen, the keys to move, and what a batch left waiting. */
export function BulkBar({ selectable, selected, onSelectAll, onApprove, refused, onDismiss }: BulkBarProps) {
  const { t } = useTranslation();
  const count = selectable.filter((row) => selected.has(row.key)).length;
  const all = selectable.length > 0 && count === selectable.length;
  return (
    <div className="mb-3 flex flex-col gap-3" data-testid="bulk-bar">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        {selectable.length > 0 ? (
          <>
            <label className="flex cursor-pointer items-center gap-2 text-sm font-medium">
              <input type="checkbox" className="checkbox checkbox-sm checkbox-primary" checked={all} onChange={(event) => onSelectAll(event.target.checked)} />
              {t('dashboard.queue.selectAll')}
            </label>
            <button type="button" className="btn btn-primary btn-sm" disabled={count === 0} onClick={onApprove}>
              {t('dashboard.queue.approveSelected', { count })}
            </button>
          </>
        ) : null}
        <p className="text-xs text-base-content/70 sm:ml-auto" data-testid="keys-hint">
          {t('dashboard.queue.keys')}
        </p>
      </div>
      {refused.length > 0 ? (
        <div role="status" className="alert alert-warning alert-soft flex flex-col items-start" data-testid="bulk-refused">
          <p className="font-semibold">{t('dashboard.queue.refusedTitle', { count: refused.length })}</p>
          <ul className="list-disc pl-5 text-sm">
            {refused.map((row) => (
              <li key={row.name}>
                <span className="font-medium">{row.name}</span>: {row.reason}
              </li>
            ))}
          </ul>
          <button type="button" className="btn btn-ghost btn-xs" onClick={onDismiss}>
            {t('dashboard.queue.dismiss')}
          </button>
        </div>
      ) : null}
    </div>
  );
}
