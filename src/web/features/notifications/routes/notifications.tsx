import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import type { TFunction } from '../../../lib/use-translation';
import { directoryEntry } from '../../../../shared/bank-directory';
import { declineReasonWords } from '../../../../shared/decline-reason-words';
import { paymentReasonWordsOf } from '../../../../shared/payment-rails/payment-reasons';
import { formatReference } from '../../../../shared/reference';
import type { NotificationAnswer } from '../../../../shared/schemas/notifications';
import { PageHeader } from '../../../components/ui/page-header';
import { QueryState } from '../../../components/ui/query-state';
import { formatBdt, formatDate, formatDateTime, formatPercent } from '../../../lib/format';
import { currentLanguage, loadAreaTexts } from '../../../lib/i18n';
import { notificationPageSize, useMarkRead, useNotificationsPage } from '../api/notifications';
import { notificationTexts } from '../notification-texts';

const money = (poisha: string | undefined) => (poisha && /^-?\d+$/.test(poisha) ? formatBdt(BigInt(poisha)) : '');

/**
 * The sentence of one notification in the reader's language, from the facts the server stored:
 * a notification stored before the reader switched language reads in the new one.
 */
function sentenceOf(notification: NotificationAnswer, t: TFunction): string {
  const { params } = notification;
  const values = {
    ...params,
    amount: money(params.amountPoisha),
    outstanding: money(params.outstandingPoisha),
    cardType: t(`notifications.cardTypes.${params.cardType ?? 'debit'}`),
  };
  switch (notification.kind) {
    case 'profile-changed': {
      const fields = (params.fields ?? '').split(',');
      const which = fields.length > 1 ? 'and' : fields[0] === 'image' ? 'image' : 'name';
      return t('notifications.texts.profile-changed', { fields: t(`notifications.fields.${which}`) });
    }
    case 'transfer-in':
      // Transfers received close together are one notification that says how many and how much.
      if (Number(params.count ?? '1') > 1) {
        return t('notifications.texts.transfer-in-group', { ...values, total: money(params.totalPoisha), firstAt: params.firstAt ? formatDateTime(params.firstAt) : '' });
      }
      return t('notifications.texts.transfer-in', values);
    case 'loan-repaid':
      return t(params.outstandingPoisha === '0' ? 'notifications.texts.loan-repaid-full' : 'notifications.texts.loan-repaid', values);
    case 'request-approved':
      return t(`notifications.texts.approved.${params.request ?? 'account'}`, values);
    case 'request-declined':
      return withReasonAndNote(t(`notifications.texts.declined.${params.request ?? 'account'}`, values), params, t);
    case 'card-cancelled':
      return withReasonAndNote(t('notifications.texts.card-cancelled', values), params, t);
    case 'payment-settled':
    case 'payment-rejected':
    case 'payment-returned': {
      // The bank or wallet in the reader's language, and the switch's reason in their words.
      const entry = directoryEntry(params.participant ?? '');
      const bank = entry ? (currentLanguage() === 'bn' ? entry.nameBn : entry.nameEn) : (params.participant ?? '');
      const reason = paymentReasonWordsOf(params.reasonCode ?? '', currentLanguage());
      return t(`notifications.texts.${notification.kind}`, { ...values, bank, reason, back: money(params.backPoisha ?? params.amountPoisha) });
    }
    case 'term-deposit-matured': {
      const outcome = params.outcome === 'renewed-principal' || params.outcome === 'renewed-all' ? params.outcome : 'paid';
      return t(`notifications.texts.term-deposit-matured.${outcome}`, {
        ...values,
        scheme: t(`notifications.texts.term-deposit-matured.schemes.${params.scheme === 'dps' ? 'dps' : 'fdr'}`),
        day: params.day ? formatDate(params.day) : '',
        paid: money(params.paidPoisha),
        interest: money(params.interestPoisha),
        tax: money(params.taxPoisha),
      });
    }
    case 'dps-instalment-retrying':
    case 'dps-instalment-missed':
    case 'dps-defaulted':
      return dpsSentenceOf(notification.kind, { ...values, due: day(params.dueDay), lastTry: day(params.lastTryDay), maturity: day(params.maturityDay) }, t);
    case 'second-factor-throttled': {
      const scope = params.scope === 'new-places' || params.scope === 'everywhere' ? params.scope : 'address';
      return `${t(`notifications.texts.second-factor-throttled.${scope}`, values)} ${t('notifications.texts.second-factor-throttled.ifNotYou')}`;
    }
    default:
      return t(`notifications.texts.${notification.kind}`, values);
  }
}

const day = (value: string | undefined) => (value ? formatDate(value) : '');

/** A DPS instalment not taken, missed, or the scheme defaulted: the missed one says how many more the scheme may miss. */
function dpsSentenceOf(kind: 'dps-instalment-retrying' | 'dps-instalment-missed' | 'dps-defaulted', values: Record<string, string>, t: TFunction): string {
  if (kind === 'dps-instalment-missed') {
    const count = values.missesLeft === '0' ? 'last' : 'left';
    return `${t('notifications.texts.dps-instalment-missed.missed', values)} ${t(`notifications.texts.dps-instalment-missed.${count}`, values)}`;
  }
  const rate = /^\d+$/.test(values.earlyRateBasisPoints ?? '') ? formatPercent(Number(values.earlyRateBasisPoints) / 100) : '';
  return t(`notifications.texts.${kind}`, { ...values, rate });
}

/** A decline's or a cancellation's sentence, followed by the staff member's reason and note when given. */
function withReasonAndNote(sentence: string, params: Record<string, string>, t: TFunction): string {
  const reason = params.reason === undefined ? undefined : (declineReasonWords[currentLanguage()] as Record<string, string | undefined>)[params.reason];
  const why = reason ? ` ${t('notifications.texts.reason', { reason })}` : '';
  return params.note ? `${sentence}${why} ${t('notifications.texts.note', { note: params.note })}` : `${sentence}${why}`;
}

function NotificationItem({ notification, onMarkRead, marking }: { notification: NotificationAnswer; onMarkRead: () => void; marking: boolean }) {
  const { t } = useTranslation();
  const unread = notification.readAt === null;
  const textId = `notification-${notification._id}`;
  return (
    <li
      className={`flex flex-col gap-2 rounded-box border p-4 sm:flex-row sm:items-start sm:justify-between ${unread ? 'border-primary/40 bg-primary/5' : 'border-base-300 bg-base-100'}`}
      data-testid="notification"
      data-unread={unread}
    >
      <div className="min-w-0" id={textId}>
        <p className="flex flex-wrap items-center gap-2 font-semibold">
          {unread ? <span className="badge badge-primary badge-sm">{t('notifications.unread')}</span> : null}
          <span>{t(`notifications.headings.${notification.kind}`)}</span>
        </p>
        <p className="mt-1 break-words">{sentenceOf(notification, t)}</p>
        {notification.params.reference ? (
          <p className="mt-1 text-sm">
            {t('operation.reference')}{' '}
            <span className="font-mono whitespace-nowrap" data-testid="notification-reference">
              {formatReference(notification.params.reference)}
            </span>
          </p>
        ) : null}
        <p className="mt-1 text-sm text-base-content/80">
          <time dateTime={notification.createdAt}>{formatDateTime(notification.createdAt)}</time>
        </p>
      </div>
      {unread ? (
        <button type="button" className="btn btn-sm btn-outline shrink-0 self-start" onClick={onMarkRead} disabled={marking} aria-describedby={textId} data-testid="mark-read">
          {t('notifications.markRead')}
        </button>
      ) : null}
    </li>
  );
}

/** The signed-in user's notifications, newest first, twenty to a page, each markable as read. */
export default function NotificationsPage() {
  const { t } = useTranslation();
  const [page, setPage] = useState(0);
  const list = useNotificationsPage(page);
  const markRead = useMarkRead();
  const items = list.data?.items ?? [];
  const total = list.data?.total ?? items.length;
  const pages = Math.max(1, Math.ceil(total / notificationPageSize));
  const anyUnread = items.some((item) => item.readAt === null);
  return (
    <section className="mx-auto max-w-3xl">
      <PageHeader
        title={t('notifications.title')}
        intro={t('notifications.intro')}
        actions={
          anyUnread ? (
            <button type="button" className="btn btn-primary btn-sm" onClick={() => markRead.mutate(undefined)} disabled={markRead.isPending} data-testid="mark-all-read">
              {t('notifications.markAllRead')}
            </button>
          ) : null
        }
      />
      {markRead.isError ? (
        <p role="alert" className="alert alert-error mb-4">
          {t('notifications.markFailed')}
        </p>
      ) : null}
      <QueryState query={list} isEmpty={(loaded) => loaded.items.length === 0} empty={<p className="rounded-box border border-dashed border-base-300 p-8 text-center">{t('notifications.empty')}</p>}>
        {(loaded) => (
          <ul className="flex flex-col gap-3" aria-label={t('notifications.listLabel')}>
            {loaded.items.map((notification) => (
              <NotificationItem key={notification._id} notification={notification} marking={markRead.isPending} onMarkRead={() => markRead.mutate(notification._id)} />
            ))}
          </ul>
        )}
      </QueryState>
      {pages > 1 ? (
        <nav className="mt-6 flex items-center justify-between gap-3" aria-label={t('notifications.listLabel')}>
          <button type="button" className="btn btn-sm" disabled={page === 0} onClick={() => setPage(page - 1)}>
            {t('notifications.newer')}
          </button>
          <span className="text-sm">{t('notifications.pages', { page: page + 1, pages })}</span>
          <button type="button" className="btn btn-sm" disabled={page + 1 >= pages} onClick={() => setPage(page + 1)}>
            {t('notifications.older')}
          </button>
        </nav>
      ) : null}
    </section>
  );
}

/** The top bar's bell lives in this chunk: one file to fetch for a signed-in person, one name fewer in the first screen's code. */
export { loadBell } from '../components/notification-bell';

/** The page with its texts in, for the router's lazy route. */
export async function loadPage(): Promise<{ default: typeof NotificationsPage }> {
  await loadAreaTexts(notificationTexts);
  return { default: NotificationsPage };
}
