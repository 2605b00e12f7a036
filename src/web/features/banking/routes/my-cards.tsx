import { useTranslation } from '../../../lib/use-translation';
import { Link } from 'react-router';
import { cardImageHeightPx, cardImageWidthPx } from '../../../../shared/constants';
import type { CardAnswer } from '../../../../shared/schemas/banking-answers';
import { PageHeader } from '../../../components/ui/page-header';
import { QueryState } from '../../../components/ui/query-state';
import { StatusBadge } from '../../../components/ui/status-badge';
import { useMyCards } from '../api/loans-and-cards';
import { DeclinedReason } from '../components/declined-reason';

const dayFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Asia/Dhaka' });

function IssuedCard({ card }: { card: CardAnswer }) {
  const { t } = useTranslation();
  return (
    <li className="flex flex-col gap-2" data-testid="issued-card">
      <img
        src={card.cards ?? ''}
        alt={t('myCards.cardAlt', { type: card.card, name: card.name, lastFour: card.lastFour })}
        width={cardImageWidthPx}
        height={cardImageHeightPx}
        className="h-auto w-full max-w-md rounded-2xl shadow-lg"
      />
      <p className="flex flex-wrap items-center gap-2 font-semibold">
        {t('myCards.holder', { name: card.name })} <StatusBadge status={card.status} label={t('banking.status.success')} />
      </p>
      <p className="text-sm text-base-content/80">{t('myCards.ending', { type: card.card === 'debit' ? 'Debit' : 'Credit', lastFour: card.lastFour, expiry: card.expiry })}</p>
    </li>
  );
}

/** A request not (or no longer) turned into a card: waiting, declined or cancelled, with its word. */
function CardRequestRow({ card }: { card: CardAnswer }) {
  const { t } = useTranslation();
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 rounded-box border border-base-300 bg-base-100 p-4" data-testid="card-request">
      <span>
        <span className="block font-semibold">{t(card.card === 'debit' ? 'cardRequest.debit' : 'cardRequest.credit')}</span>
        <span className="text-sm text-base-content/80">{t('myCards.requestLine', { account: card.accNum, date: dayFormat.format(new Date(card.requestedAt)) })}</span>
        <DeclinedReason request={card} />
      </span>
      <StatusBadge status={card.status} label={t(`banking.status.${card.status}`)} />
    </li>
  );
}

const isIssued = (card: CardAnswer) => card.status === 'success' && card.cards;

/** The cards issued, then the requests still waiting or refused. */
function CardLists({ cards }: { cards: CardAnswer[] }) {
  const { t } = useTranslation();
  const requests = cards.filter((card) => !isIssued(card));
  return (
    <>
      <ul className="grid gap-6 md:grid-cols-2">
        {cards.filter(isIssued).map((card) => (
          <IssuedCard key={card._id} card={card} />
        ))}
      </ul>
      {requests.length > 0 ? (
        <section className="mt-8" aria-labelledby="card-requests-heading">
          <h2 id="card-requests-heading" className="mb-3 text-lg font-semibold">
            {t('myCards.requestsTitle')}
          </h2>
          <ul className="flex flex-col gap-2">
            {requests.map((card) => (
              <CardRequestRow key={card._id} card={card} />
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}

export default function MyCardsPage() {
  const { t } = useTranslation();
  const cards = useMyCards();
  return (
    <section className="mx-auto max-w-5xl">
      <PageHeader title={t('myCards.title')} intro={t('myCards.intro')} />
      <QueryState
        query={cards}
        empty={
          <div className="rounded-box border border-dashed border-base-300 p-8 text-center">
            <p className="mb-4">{t('myCards.empty')}</p>
            <Link to="/myAccounts" className="btn btn-primary">
              {t('nav.myAccounts')}
            </Link>
          </div>
        }
      >
        {(list) => <CardLists cards={list} />}
      </QueryState>
    </section>
  );
}
