import { useTranslation } from 'react-i18next';
import { cardImageHeightPx, cardImageWidthPx } from '../../../../shared/constants';
import { ErrorState } from '../../../components/ui/error-state';
import { LoadingBlock } from '../../../components/ui/loading-block';
import { PageHeader } from '../../../components/ui/page-header';
import { useMyCards } from '../api/loans-and-cards';

export default function MyCardsPage() {
  const { t } = useTranslation();
  const cards = useMyCards();
  const issued = cards.data?.filter((card) => card.status === 'success' && card.cards) ?? [];
  return (
    <section className="mx-auto max-w-5xl">
      <PageHeader title={t('myCards.title')} intro={t('myCards.intro')} />
      {cards.isPending ? <LoadingBlock label={t('common.loading')} /> : null}
      {cards.isError ? <ErrorState message={t('common.loadFailed')} retryLabel={t('common.retry')} onRetry={() => void cards.refetch()} /> : null}
      {cards.isSuccess && issued.length === 0 ? <p className="rounded-box border border-dashed border-base-300 p-8 text-center">{t('myCards.empty')}</p> : null}
      <ul className="grid gap-6 md:grid-cols-2">
        {issued.map((card) => (
          <li key={card._id} className="flex flex-col gap-2" data-testid="issued-card">
            <img
              src={card.cards ?? ''}
              alt={t('myCards.cardAlt', { type: card.card, name: card.name, lastFour: card.lastFour })}
              width={cardImageWidthPx}
              height={cardImageHeightPx}
              className="h-auto w-full max-w-md rounded-2xl shadow-lg"
            />
            <p className="font-semibold">{t('myCards.holder', { name: card.name })}</p>
            <p className="text-sm text-base-content/70">{t('myCards.ending', { type: card.card === 'debit' ? 'Debit' : 'Credit', lastFour: card.lastFour, expiry: card.expiry })}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
