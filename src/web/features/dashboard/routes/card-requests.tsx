import { useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { CardTypeSlug } from '../../../../shared/constants';
import type { CardAnswer } from '../../../../shared/schemas/banking-answers';
import { PageHeader } from '../../../components/ui/page-header';
import { useApproveCard } from '../api/approve-card';
import { useDeleteCard } from '../api/delete-card';
import { useCardRequests } from '../api/get-card-requests';
import { ConfirmDialog, type ConfirmRequest } from '../components/confirm-dialog';
import { Cell, DataTable, Row } from '../components/data-table';
import { ListPanel } from '../components/list-panel';
import { PendingButton, StatusText } from '../components/request-status';
import { useListPage } from '../components/use-list-page';

const statuses = ['pending', 'success', 'declined', 'cancelled'] as const;
const isCardType = (value: string): value is CardTypeSlug => value === 'debit' || value === 'credit';

export default function CardRequestsPage() {
  const { t } = useTranslation();
  const list = useListPage(statuses);
  const cards = useCardRequests(list.params);
  const approve = useApproveCard();
  const remove = useDeleteCard();
  const [confirming, setConfirming] = useState<ConfirmRequest | null>(null);
  const typeName = (card: CardAnswer) => (isCardType(card.card) ? t(`dashboard.cards.types.${card.card}`) : card.card);
  const facts = (card: CardAnswer) => ({ type: typeName(card).toLowerCase(), name: card.name, account: card.accNum });

  const askApprove = (card: CardAnswer) => {
    if (!isCardType(card.card)) return;
    const cardType = card.card;
    setConfirming({
      subject: card._id,
      title: t('dashboard.cards.approveTitle', facts(card)),
      body: t('dashboard.cards.approveBody', facts(card)),
      confirmLabel: t('dashboard.cards.approveConfirm'),
      tone: 'primary',
      run: async (idempotencyKey) => {
        await approve.mutateAsync({ id: card._id, cardType, idempotencyKey });
        toast.success(t('dashboard.cards.approved'));
      },
    });
  };
  const askDelete = (card: CardAnswer) => {
    const issued = card.status === 'success';
    setConfirming({
      subject: card._id,
      title: t(issued ? 'dashboard.cards.cancelTitle' : 'dashboard.cards.declineTitle'),
      body: t(issued ? 'dashboard.cards.cancelBody' : 'dashboard.cards.declineBody', facts(card)),
      confirmLabel: t(issued ? 'dashboard.cards.cancelConfirm' : 'dashboard.cards.declineConfirm'),
      tone: 'error',
      run: async (idempotencyKey) => {
        const answer = await remove.mutateAsync({ id: card._id, idempotencyKey });
        toast.success(t(answer.outcome === 'cancelled' ? 'dashboard.cards.cancelled' : 'dashboard.cards.declined'));
      },
    });
  };

  const columns = [
    { label: t('dashboard.cards.accountType') },
    { label: t('dashboard.cards.userName') },
    { label: t('dashboard.cards.userEmail') },
    { label: t('dashboard.cards.cardType') },
    { label: t('dashboard.cards.status') },
    { label: t('dashboard.list.details') },
    { label: t('dashboard.list.delete'), className: 'text-right' },
  ];

  return (
    <>
      <PageHeader title={t('dashboard.cards.title')} intro={t('dashboard.cards.intro')} />
      <ListPanel
        query={cards}
        params={list.params}
        filter={{ statuses, status: list.status, statusLabel: (status) => t(`dashboard.cards.filters.${status}`), onStatusChange: list.setStatus }}
        onOffsetChange={list.setOffset}
        empty={t('dashboard.cards.empty')}
        emptyFiltered={t('dashboard.cards.emptyFiltered')}
      >
        {(rows) => (
          <DataTable columns={columns} testId="cards-table">
            {rows.map((card) => (
              <Row key={card._id} testId={`card-${card._id}`}>
                <Cell label={t('dashboard.cards.accountType')}>{card.accountType}</Cell>
                <Cell label={t('dashboard.cards.userName')} className="font-medium">
                  {card.name}
                </Cell>
                <Cell label={t('dashboard.cards.userEmail')} className="text-sm">
                  <span className="block max-md:break-all md:max-w-56 md:truncate" title={card.email}>
                    {card.email}
                  </span>
                </Cell>
                <Cell label={t('dashboard.cards.cardType')}>
                  <span className="whitespace-nowrap">
                    {typeName(card)}
                    {card.lastFour ? <span className="ml-1 text-xs text-base-content/60">{t('dashboard.cards.lastFour', { lastFour: card.lastFour })}</span> : null}
                  </span>
                </Cell>
                <Cell label={t('dashboard.cards.status')}>
                  {card.status === 'pending' ? <PendingButton hint={t('dashboard.cards.approveHint', facts(card))} onClick={() => askApprove(card)} /> : <StatusText status={card.status} />}
                </Cell>
                <Cell label={t('dashboard.list.details')}>
                  <Link to={`/dashboard/singleAccDetails/${card.accNum}`} className="link link-primary whitespace-nowrap text-sm">
                    {t('dashboard.list.details')}
                  </Link>
                </Cell>
                <Cell label={t('dashboard.list.delete')} className={card.status === 'pending' || card.status === 'success' ? 'text-right' : 'text-right max-md:hidden'}>
                  {card.status === 'pending' || card.status === 'success' ? (
                    <button type="button" className="btn btn-outline btn-error btn-xs" onClick={() => askDelete(card)}>
                      {t('dashboard.list.delete')}
                    </button>
                  ) : (
                    <span className="text-base-content/40">—</span>
                  )}
                </Cell>
              </Row>
            ))}
          </DataTable>
        )}
      </ListPanel>
      <ConfirmDialog request={confirming} onClose={() => setConfirming(null)} />
    </>
  );
}
