import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { formatBdtNumber, formatDateTime } from '../../../lib/format';
import type { AuditEventAnswer } from '../../../../shared/schemas/audit';
import { useAccountAuditTrail } from '../api/get-account-audit-trail';
import { Cell, DataTable, Row } from './data-table';
import { ListPanel } from './list-panel';
import { StatusBadge } from '../../../components/ui/status-badge';

const auditPageSize = 10;

function ActionLabel({ event }: { event: AuditEventAnswer }) {
  const { t } = useTranslation();
  const cardType = event.cardType ? `${event.cardType.charAt(0).toUpperCase()}${event.cardType.slice(1)}` : '';
  return <span className="font-medium">{t(`dashboard.accountDetail.actions.${event.action}`, { defaultValue: event.action, cardType })}</span>;
}

/** Who decided what on this account and its cards, loans and deposits, newest first. */
export function AccountAuditTrail({ accountId }: { accountId: string }) {
  const { t } = useTranslation();
  const [offset, setOffset] = useState(0);
  const params = { limit: auditPageSize, offset };
  const trail = useAccountAuditTrail(accountId, params);
  const columns = [
    { label: t('dashboard.accountDetail.auditWhen') },
    { label: t('dashboard.accountDetail.auditAction') },
    { label: t('dashboard.accountDetail.auditChange') },
    { label: t('dashboard.accountDetail.auditAmount'), className: 'text-right' },
    { label: t('dashboard.accountDetail.auditWho') },
  ];
  return (
    <section aria-labelledby="audit-heading" className="flex flex-col gap-2">
      <div>
        <h2 id="audit-heading" className="text-lg font-semibold">
          {t('dashboard.accountDetail.auditTitle')}
        </h2>
        <p className="text-sm text-base-content/70">{t('dashboard.accountDetail.auditIntro')}</p>
      </div>
      <ListPanel query={trail} params={params} onOffsetChange={setOffset} empty={t('dashboard.accountDetail.auditEmpty')}>
        {(events) => (
          <DataTable columns={columns} testId="audit-trail">
            {events.map((event) => (
              <Row key={event._id}>
                <Cell label={t('dashboard.accountDetail.auditWhen')} className="whitespace-nowrap text-sm">
                  {formatDateTime(event.createdAt)}
                </Cell>
                <Cell label={t('dashboard.accountDetail.auditAction')}>
                  <ActionLabel event={event} />
                </Cell>
                <Cell label={t('dashboard.accountDetail.auditChange')}>
                  <span className="flex flex-wrap items-center justify-end gap-1.5 md:flex-nowrap md:justify-start">
                    {event.before ? <StatusBadge status={event.before} label={t(`dashboard.statuses.${event.before}`, { defaultValue: event.before })} nowrap /> : null}
                    <span aria-hidden="true" className="text-base-content/70">
                      →
                    </span>
                    {event.after ? <StatusBadge status={event.after} label={t(`dashboard.statuses.${event.after}`, { defaultValue: event.after })} nowrap /> : null}
                  </span>
                </Cell>
                <Cell label={t('dashboard.accountDetail.auditAmount')} className={`whitespace-nowrap text-right tabular-nums ${event.amount === null ? 'max-md:hidden' : ''}`}>
                  {event.amount === null ? '' : formatBdtNumber(event.amount)}
                </Cell>
                <Cell label={t('dashboard.accountDetail.auditWho')} className="break-all text-sm">
                  {event.actorEmail ?? t('dashboard.accountDetail.auditSystem')}
                </Cell>
              </Row>
            ))}
          </DataTable>
        )}
      </ListPanel>
    </section>
  );
}
