import { useCallback, useEffect, useState, type RefObject } from 'react';
import { toast } from '../../../lib/toast';
import { useTranslation } from '../../../lib/use-translation';
import type { ListParams } from '../api/dashboard-keys';
import { useBulkApprove } from '../api/bulk-approve';
import { bulkConfirmRequest, refusalOfItem, type BulkApproval, type Chosen, type Refused } from './bulk-approval';
import type { ConfirmRequest } from './confirm-dialog';
import { useRowKeys } from './use-row-keys';

type BulkSelectionOptions<Item> = {
  bulk: BulkApproval<Item> | undefined;
  /** The rows on the page now. */
  items: Item[];
  itemKey: (item: Item) => string;
  params: ListParams;
  /** The list's rows, where `x` toggles the focused one. */
  listRegion: RefObject<HTMLElement | null>;
  confirm: (request: ConfirmRequest) => void;
};

/**
 * Choosing several waiting rows of a page and approving them at once: which rows may be chosen,
 * the choice (by click or the `x` key), the confirm dialog for the chosen, and the ones the
 * server left waiting with its reasons.
 */
export function useBulkSelection<Item>({ bulk, items, itemKey, params, listRegion, confirm }: BulkSelectionOptions<Item>) {
  const { t } = useTranslation();
  const approveMany = useBulkApprove();
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [refused, setRefused] = useState<Refused[]>([]);
  // A choice belongs to the page it was made on: another page, filter or search starts afresh.
  const pageIdentity = JSON.stringify(params);
  useEffect(() => setSelected(new Set()), [pageIdentity]);
  const toggle = useCallback((key: string) => {
    setSelected((current) => {
      const next = new Set(current);
      if (!next.delete(key)) next.add(key);
      return next;
    });
  }, []);
  const selectable: Chosen[] = bulk ? items.filter(bulk.selectable).map((item) => ({ key: itemKey(item), name: bulk.describe(item) })) : [];
  const selectableKeys = new Set(selectable.map((row) => row.key));
  useRowKeys(listRegion, (key: string) => (selectableKeys.has(key) ? toggle(key) : undefined));
  const askBulk = () => {
    if (!bulk) return;
    const chosen = selectable.filter((row) => selected.has(row.key));
    confirm(
      bulkConfirmRequest(t, chosen, async (idempotencyKey) => {
        const { results } = await approveMany.mutateAsync({ kind: bulk.kind, ids: chosen.map((row) => row.key), idempotencyKey });
        const nameOf = (id: string) => chosen.find((row) => row.key === id)?.name ?? id;
        setRefused(results.flatMap((result) => (result.outcome === 'refused' ? [{ name: nameOf(result.id), reason: refusalOfItem(result, t) }] : [])));
        setSelected(new Set());
        const approved = results.filter((result) => result.outcome === 'approved').length;
        toast.success(t('dashboard.queue.approvedCount', { count: approved, total: results.length }));
      }),
    );
  };
  return {
    selectable,
    selectableKeys,
    selected,
    toggle,
    selectAll: (all: boolean) => setSelected(new Set(all ? selectableKeys : [])),
    askBulk,
    refused,
    dismissRefused: () => setRefused([]),
  };
}

export type BulkSelection = ReturnType<typeof useBulkSelection>;
