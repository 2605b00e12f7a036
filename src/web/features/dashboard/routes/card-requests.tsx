import { useTranslation } from '../../../lib/use-translation';
import { formatAccountType } from '../../../lib/format-account-type';
import type { CardTypeSlug } from '../../../../shared/constants';
import type { CardAnswer } from '../../../../shared/schemas/banking-answers';
import type { DeclineInput } from '../../../../shared/schemas/decline';
import { useApproveCard } from '../api/approve-card';
import { useDeleteCard } from '../api/delete-card';
import { useCardRequests } from '../api/get-card-requests';
import { decisionTexts, RequestListPage, type ListColumn, type ListIdentity, type Decision } from '../components/request-list-page';
import { StatusWithReason } from '../components/request-status';

const isCardType = (value: string): value is CardTypeSlug => value === 'debit' || value === 'credit';

const cardStatuses = ['pending', 'success', 'declined', 'cancelled'] as const;

const cardList: ListIdentity<CardAnswer, (typeof cardStatuses)[number]> = {
  texts: 'dashboard.cards',
  statuses: cardStatuses,
  useItems: useCardRequests,
  testIds: { table: 'cards-table', row: 'card' },
  itemKey: (card) => card._id,
  detailsPath: (card) => `/dashboard/singleAccDetails/${card.accNum}`,
};

export default function CardRequestsPage() {
  const { t } = useTranslation();
  const approve = useApproveCard();
  const remove = useDeleteCard();
  const typeName = (card: CardAnswer) => (isCardType(card.card) ? t(`dashboard.cards.types.${card.card}`) : card.card);

  // One endpoint declines a pending request and cancels an issued card; the answer says which was done.
  const removal = (id: string) => (key: string, decline?: DeclineInput) =>
    remove.mutateAsync({ id, idempotencyKey: key, decline }).then((answer) => t(answer.outcome === 'cancelled' ? 'dashboard.cards.cancelled' : 'dashboard.cards.declined'));

  const decisions = (card: CardAnswer): Decision[] => {
    const texts = (verb: string) => decisionTexts(t, 'dashboard.cards', verb, { type: typeName(card).toLowerCase(), name: card.name, account: card.accNum });
    const cardType = card.card;
    if (card.status === 'success') return [{ kind: 'decline', label: t('dashboard.cards.cancelAction'), ...texts('cancel'), send: removal(card._id) }];
    if (card.status !== 'pending' || !isCardType(cardType)) return [];
    return [
      {
        kind: 'approve',
        label: t('dashboard.list.approve'),
        ...texts('approve'),
        send: (key) => approve.mutateAsync({ id: card._id, cardType, idempotencyKey: key }).then(() => t('dashboard.cards.approved')),
      },
      { kind: 'decline', label: t('dashboard.list.decline'), ...texts('decline'), askReason: true, send: removal(card._id) },
    ];
  };

  const columns: Array<ListColumn<CardAnswer>> = [
    { label: t('dashboard.cards.accountType'), render: (card) => formatAccountType(card.accountType) },
    { label: t('dashboard.cards.userName'), className: 'font-medium', render: (card) => card.name },
    {
      label: t('dashboard.cards.userEmail'),
      className: 'text-sm',
      render: (card) => (
        <span className="block max-md:break-all md:max-w-56 md:truncate" title={card.email}>
          {card.email}
        </span>
      ),
    },
    {
      label: t('dashboard.cards.cardType'),
      render: (card) => (
        <span className="whitespace-nowrap">
          {typeName(card)}
          {card.lastFour ? <span className="ml-1 text-xs text-base-content/70">{t('dashboard.cards.lastFour', { lastFour: card.lastFour })}</span> : null}
        </span>
      ),
    },
    { label: t('dashboard.cards.status'), render: (card) => <StatusWithReason status={card.status} request={card} /> },
  ];

  const bulk = { kind: 'card' as const, selectable: (card: CardAnswer) => card.status === 'pending', describe: (card: CardAnswer) => `${card.name} · ${typeName(card)} · ${card.accNum}` };
  return <RequestListPage descriptor={{ ...cardList, columns, decisions, bulk }} />;
}
