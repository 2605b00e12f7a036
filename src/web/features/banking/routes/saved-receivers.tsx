import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { Link } from 'react-router';
import { savedReceiversPerCustomerMax } from '../../../../shared/constants';
import { PageHeader } from '../../../components/ui/page-header';
import { QueryState } from '../../../components/ui/query-state';
import { formatCount } from '../../../lib/format';
import { useBankDirectory } from '../api/payments';
import { useSavedReceivers } from '../api/saved-receivers';
import { SaveOtherBankReceiverForm } from '../components/save-other-bank-receiver-form';
import { SavedReceiverRow } from '../components/saved-receiver-row';
import { SaveReceiverForm } from '../components/save-receiver-form';

type Where = 'thisBank' | 'otherBank';

/** Where the new receiver is: at this bank (the transfer's look-up) or at another bank or wallet (the switch's). */
function AddReceiver() {
  const { t } = useTranslation();
  const [where, setWhere] = useState<Where>('thisBank');
  const directory = useBankDirectory();
  return (
    <section className="flex flex-col gap-3" aria-label={t('savedReceivers.addTitle')}>
      <div className="join w-full sm:w-auto" role="group" aria-label={t('savedReceivers.where')}>
        {(['thisBank', 'otherBank'] as const).map((choice) => (
          <button
            key={choice}
            type="button"
            className={`btn join-item min-h-11 flex-1 sm:flex-none ${where === choice ? 'btn-primary' : 'btn-outline'}`}
            aria-pressed={where === choice}
            onClick={() => setWhere(choice)}
          >
            {t(`savedReceivers.whereChoice.${choice}`)}
          </button>
        ))}
      </div>
      {where === 'thisBank' ? <SaveReceiverForm /> : <QueryState query={directory}>{(entries) => <SaveOtherBankReceiverForm entries={entries} />}</QueryState>}
    </section>
  );
}

/** The customer's saved receivers, at this bank and at other banks and wallets: the people they pay often, to pick on the transfer and payment screens. */
export default function SavedReceiversPage() {
  const { t } = useTranslation();
  const receivers = useSavedReceivers();
  const count = receivers.data?.length ?? 0;
  return (
    <section className="mx-auto max-w-3xl">
      <PageHeader
        title={t('savedReceivers.title')}
        intro={t('savedReceivers.intro', { max: formatCount(savedReceiversPerCustomerMax) })}
        actions={
          <Link to="/transfer" className="btn btn-outline">
            {t('savedReceivers.toTransfer')}
          </Link>
        }
      />
      <div className="flex flex-col gap-6">
        <section aria-labelledby="saved-receivers-heading">
          <h2 id="saved-receivers-heading" className="mb-3 text-lg font-semibold">
            {t('savedReceivers.listTitle', { count: formatCount(count), max: formatCount(savedReceiversPerCustomerMax) })}
          </h2>
          <QueryState query={receivers} empty={<p className="rounded-box border border-dashed border-base-300 p-6 text-center">{t('savedReceivers.empty')}</p>}>
            {(list) => (
              <ul className="flex flex-col gap-2">
                {list.map((receiver) => (
                  <SavedReceiverRow key={receiver._id} receiver={receiver} />
                ))}
              </ul>
            )}
          </QueryState>
        </section>
        <AddReceiver />
      </div>
    </section>
  );
}
