import { useTranslation } from '../../../lib/use-translation';
import { Link } from 'react-router';
import { savedReceiversPerCustomerMax } from '../../../../shared/constants';
import { PageHeader } from '../../../components/ui/page-header';
import { QueryState } from '../../../components/ui/query-state';
import { formatCount } from '../../../lib/format';
import { useSavedReceivers } from '../api/saved-receivers';
import { SavedReceiverRow } from '../components/saved-receiver-row';
import { SaveReceiverForm } from '../components/save-receiver-form';

/** The customer's saved receivers: the people they pay often, to pick on the transfer screen. */
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
        <SaveReceiverForm />
      </div>
    </section>
  );
}
