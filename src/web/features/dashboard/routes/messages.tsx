import { useTranslation } from '../../../lib/use-translation';
import type { ContactDeliveryState, StoredContactMessage } from '../../../../shared/schemas/contact';
import { PageHeader } from '../../../components/ui/page-header';
import { useContactMessages } from '../api/get-contact-messages';
import { ListPanel } from '../components/list-panel';
import { useListPage } from '../components/use-list-page';
import { formatDateTime } from '../../../lib/format';
import { StatusBadge, type StatusTone } from '../../../components/ui/status-badge';

const noStatuses = [] as const;
const deliveryTones: Record<ContactDeliveryState, StatusTone> = { pending: 'waiting', retrying: 'waiting', sent: 'in-force', failed: 'refused' };

function DeliveryState({ message }: { message: StoredContactMessage }) {
  const { t } = useTranslation();
  const details = [
    message.sentAt ? t('dashboard.messages.sentAt', { date: formatDateTime(message.sentAt) }) : null,
    message.sendAttempts > 0 && !message.sentAt ? t('dashboard.messages.attempts', { count: message.sendAttempts }) : null,
    message.nextAttemptAt && message.deliveryState === 'retrying' ? t('dashboard.messages.nextAttempt', { date: formatDateTime(message.nextAttemptAt) }) : null,
  ].filter((detail): detail is string => detail !== null);
  return (
    <div className="flex flex-col items-start gap-1 sm:items-end">
      <StatusBadge status={message.deliveryState} tone={deliveryTones[message.deliveryState]} label={t(`dashboard.messages.delivery.${message.deliveryState}`)} nowrap />
      {details.length > 0 ? <span className="text-xs text-base-content/70">{details.join(' · ')}</span> : null}
    </div>
  );
}

/** Contact messages, newest first, with where each one's e-mail to the bank stands. */
export default function MessagesPage() {
  const { t } = useTranslation();
  const list = useListPage(noStatuses);
  const messages = useContactMessages(list.params);
  return (
    <>
      <PageHeader title={t('dashboard.messages.title')} intro={t('dashboard.messages.intro')} />
      <ListPanel
        query={messages}
        params={list.params}
        search={{ q: list.q, onSearch: list.setQuery, placeholder: t('dashboard.messages.searchPlaceholder') }}
        onOffsetChange={list.setOffset}
        empty={t('dashboard.messages.empty')}
      >
        {(rows) => (
          <ul className="divide-y divide-base-300" data-testid="messages-list">
            {rows.map((message) => (
              <li key={message._id} className="flex flex-col gap-3 px-4 py-4 sm:px-5" data-testid={`message-${message._id}`}>
                <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
                  <div className="min-w-0">
                    <p className="font-semibold">{message.fullName}</p>
                    <p className="flex flex-wrap gap-x-3 gap-y-1 text-sm">
                      <a className="link link-primary break-all" href={`mailto:${message.email}`} title={t('dashboard.messages.replyByEmail', { name: message.fullName })}>
                        {message.email}
                      </a>
                      <a className="link link-hover text-base-content/70" href={`tel:${message.contact}`} title={t('dashboard.messages.call', { contact: message.contact })}>
                        {message.contact}
                      </a>
                    </p>
                    <p className="text-xs text-base-content/70">{t('dashboard.messages.received', { date: formatDateTime(message.createdAt) })}</p>
                  </div>
                  <DeliveryState message={message} />
                </div>
                <p className="whitespace-pre-wrap break-words rounded-field bg-base-200/60 px-3 py-2 text-sm">{message.message}</p>
                {message.lastError && message.deliveryState !== 'sent' ? <p className="text-xs text-error">{t('dashboard.messages.lastError', { error: message.lastError })}</p> : null}
              </li>
            ))}
          </ul>
        )}
      </ListPanel>
    </>
  );
}

/** The service banner's page, a route of its own that loads with this one (see the router). */
export { default as ServiceBannerPage } from './notices';
