import type { UseQueryResult } from '@tanstack/react-query';
import type { TFunction } from '../../../lib/use-translation';
import { useRef, type ReactNode } from 'react';
import { toast } from '../../../lib/toast';
import { useTranslation } from '../../../lib/use-translation';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/ui/page-header';
import type { DeclineInput } from '../../../../shared/schemas/decline';
import type { PageWithTotal } from '../../../lib/api-client';
import type { ListParams } from '../api/dashboard-keys';
import { BulkBar, type BulkApproval } from './bulk-approval';
import { ConfirmDialog, type ConfirmRequest } from './confirm-dialog';
import { Cell, DataTable, Row } from './data-table';
import { ListPanel } from './list-panel';
import { useBulkSelection, type BulkSelection } from './use-bulk-selection';
import { useDialogOverList } from './use-dialog-over-list';
import { useListPage } from './use-list-page';

/** One column: its heading (also the cell's label on a phone card) and how a row fills it. */
export type ListColumn<Item> = {
  label: string;
  align?: 'right';
  /** Extra classes of the cell. */
  className?: string;
  render: (item: Item) => ReactNode;
};

/**
 * A decision staff may take on a row. Its label names exactly what it does ('Approve',
 * 'Decline', 'Cancel card', 'Disable'); the dialog it opens says what will happen, with the facts
 * it rests on, before anything is sent. `send` takes the decision once with the dialog's
 * Idempotency-Key and answers the success toast's words.
 */
export type Decision = {
  kind: 'approve' | 'decline' | 'other';
  label: string;
  /** The row's button described for assistive technology and as a tooltip: 'Approve account 1234…'. */
  hint: string;
  title: string;
  body: string;
  facts?: ConfirmRequest['facts'];
  document?: ConfirmRequest['document'];
  confirmLabel: string;
  /** The confirm button's colour; by default red for a decline and the brand colour otherwise. */
  tone?: ConfirmRequest['tone'];
  /** A decline of a waiting request: the dialog asks why (the shared list) and hands the reason to `send`. */
  askReason?: true;
  send: (idempotencyKey: string, decline?: DeclineInput) => Promise<string>;
};

type RowAction = Decision | { kind: 'link'; label: string; to: string };

/**
 * A decision's words, by the convention of the dashboard's texts: under `prefix`, the verb's
 * `Hint`, `Title`, `Body` and `Confirm` (`dashboard.loans.declineTitle`), filled with `values`.
 */
export function decisionTexts(t: TFunction, prefix: string, verb: string, values: Record<string, string | number>) {
  const text = (part: string) => t(`${prefix}.${verb}${part}`, values);
  return { hint: text('Hint'), title: text('Title'), body: text('Body'), confirmLabel: text('Confirm') };
}

/** What a list is, apart from how it draws a row: it does not change from one render to the next. */
export type ListIdentity<Item, Status extends string> = {
  /** Where the list's texts are: `title`, `intro`, `empty`, `emptyFiltered` and `filters.<status>`. */
  texts: string;
  /** The statuses the server filters by. */
  statuses: readonly Status[];
  useItems: (params: ListParams) => UseQueryResult<PageWithTotal<Item>>;
  /** The table's test id, and the prefix of each row's: `account-<key>`. */
  testIds: { table: string; row: string };
  itemKey: (item: Item) => string;
  /** The page with the item's details, linked after the decisions. */
  detailsPath?: (item: Item) => string;
};

export type RequestListDescriptor<Item, Status extends string> = ListIdentity<Item, Status> & {
  columns: Array<ListColumn<Item>>;
  /** What staff may decide on the item now, shown in the last column, 'Actions'. */
  decisions: (item: Item) => Decision[];
  /** Approving several waiting items at once, where the list's kind allows it. */
  bulk?: BulkApproval<Item>;
};

const buttonLooks: Record<Exclude<RowAction['kind'], 'link'>, string> = {
  approve: 'btn-primary',
  decline: 'btn-outline btn-error',
  other: 'btn-outline btn-primary',
};

function ActionButtons({ actions, onAsk }: { actions: RowAction[]; onAsk: (decision: Decision) => void }) {
  return (
    <span className="inline-flex flex-wrap items-center justify-end gap-2">
      {actions.map((action) =>
        action.kind === 'link' ? (
          <Link key={action.label} to={action.to} className="link link-primary whitespace-nowrap px-1 text-sm">
            {action.label}
          </Link>
        ) : (
          <button key={action.label} type="button" className={`btn btn-sm whitespace-nowrap md:btn-xs ${buttonLooks[action.kind]}`} title={action.hint} onClick={() => onAsk(action)}>
            {action.label}
          </button>
        ),
      )}
    </span>
  );
}

const confirmRequest = (subject: string, decision: Decision): ConfirmRequest => ({
  subject: `${subject}:${decision.label}`,
  title: decision.title,
  body: decision.body,
  facts: decision.facts,
  document: decision.document,
  confirmLabel: decision.confirmLabel,
  tone: decision.tone ?? (decision.kind === 'decline' ? 'error' : 'primary'),
  askReason: decision.askReason,
  run: async (idempotencyKey, decline) => {
    toast.success(await decision.send(idempotencyKey, decline));
  },
});

const alignment = (align: 'right' | undefined) => (align === 'right' ? 'text-right' : '');

type RequestTableProps<Item> = {
  rows: Item[];
  descriptor: Pick<RequestListDescriptor<Item, string>, 'columns' | 'itemKey' | 'testIds' | 'bulk'>;
  actions: (item: Item) => RowAction[];
  selection: Pick<BulkSelection, 'selectable' | 'selectableKeys' | 'selected' | 'toggle'>;
  onAsk: (item: Item, decision: Decision) => void;
};

/** The page's rows (cards on a phone): a box to choose the ones that wait, the descriptor's columns, then the row's actions. */
function RequestTable<Item>({ rows, descriptor, actions, selection, onAsk }: RequestTableProps<Item>) {
  const { t } = useTranslation();
  const { columns, itemKey, testIds, bulk } = descriptor;
  const actionsLabel = t('dashboard.list.actions');
  const selectLabel = t('dashboard.queue.select');
  const withSelection = selection.selectable.length > 0;
  const headings = [
    ...(withSelection ? [{ label: selectLabel, className: 'w-10' }] : []),
    ...columns.map((column) => ({ label: column.label, className: alignment(column.align) })),
    { label: actionsLabel, className: 'text-right' },
  ];
  return (
    <DataTable columns={headings} testId={testIds.table}>
      {rows.map((item) => {
        const rowActions = actions(item);
        return (
          <Row key={itemKey(item)} testId={`${testIds.row}-${itemKey(item)}`} rowKey={itemKey(item)}>
            {withSelection ? (
              <Cell label={selectLabel}>
                {selection.selectableKeys.has(itemKey(item)) ? (
                  <input
                    type="checkbox"
                    className="checkbox checkbox-sm checkbox-primary"
                    checked={selection.selected.has(itemKey(item))}
                    aria-label={t('dashboard.queue.selectRow', { name: bulk?.describe(item) })}
                    onChange={() => selection.toggle(itemKey(item))}
                  />
                ) : null}
              </Cell>
            ) : null}
            {columns.map((column) => (
              <Cell key={column.label} label={column.label} className={`${alignment(column.align)} ${column.className ?? ''}`}>
                {column.render(item)}
              </Cell>
            ))}
            <Cell label={actionsLabel} className={rowActions.length > 0 ? 'text-right' : 'text-right max-md:hidden'}>
              {rowActions.length > 0 ? <ActionButtons actions={rowActions} onAsk={(decision) => onAsk(item, decision)} /> : <span className="text-base-content/70">—</span>}
            </Cell>
          </Row>
        );
      })}
    </DataTable>
  );
}

/**
 * A staff list built from its descriptor: the status filter, search and page in the address, the table
 * (cards on a phone), a column of labelled actions on every row, and one confirm dialog for every
 * decision the list offers. `children`, if any, come between the page's heading and the list.
 */
export function RequestListPage<Item, Status extends string>({ descriptor, children }: { descriptor: RequestListDescriptor<Item, Status>; children?: ReactNode }) {
  const { t } = useTranslation();
  const { useItems, itemKey, detailsPath, bulk } = descriptor;
  const list = useListPage(descriptor.statuses);
  const items = useItems(list.params);
  const listRegion = useRef<HTMLDivElement>(null);
  const dialog = useDialogOverList(listRegion);
  const selection = useBulkSelection({ bulk, items: items.data?.items ?? [], itemKey, params: list.params, listRegion, confirm: dialog.confirm });
  const text = (name: string) => t(`${descriptor.texts}.${name}`);
  const actions = (item: Item): RowAction[] => [...descriptor.decisions(item), ...(detailsPath ? [{ kind: 'link' as const, label: t('dashboard.list.details'), to: detailsPath(item) }] : [])];

  return (
    <>
      <PageHeader title={text('title')} intro={text('intro')} />
      {children}
      {bulk ? (
        <BulkBar
          selectable={selection.selectable}
          selected={selection.selected}
          onSelectAll={selection.selectAll}
          onApprove={selection.askBulk}
          refused={selection.refused}
          onDismiss={selection.dismissRefused}
        />
      ) : null}
      <div ref={listRegion} tabIndex={-1} className="outline-none">
        <ListPanel
          query={items}
          params={list.params}
          filter={{ statuses: descriptor.statuses, status: list.status, statusLabel: (status) => text(`filters.${status}`), onStatusChange: list.setStatus }}
          search={{ q: list.q, onSearch: list.setQuery }}
          onOffsetChange={list.setOffset}
          empty={text('empty')}
          emptyFiltered={text('emptyFiltered')}
        >
          {(rows) => <RequestTable rows={rows} descriptor={descriptor} actions={actions} selection={selection} onAsk={(item, decision) => dialog.confirm(confirmRequest(itemKey(item), decision))} />}
        </ListPanel>
      </div>
      <ConfirmDialog request={dialog.confirming} onClose={dialog.close} />
    </>
  );
}
