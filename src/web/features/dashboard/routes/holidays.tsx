import { useState } from 'react';
import { dhakaDay } from '../../../../shared/dates';
import type { HolidayAnswer } from '../../../../shared/schemas/holidays';
import { PageHeader } from '../../../components/ui/page-header';
import { QueryState } from '../../../components/ui/query-state';
import { formatDate, formatDigits } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { useTranslation } from '../../../lib/use-translation';
import { useRefreshDashboard } from '../api/dashboard-keys';
import { sendHolidayRemoval, useHolidays } from '../api/holidays';
import { ConfirmDialog, type ConfirmRequest } from '../components/confirm-dialog';
import { Cell, DataTable, Row } from '../components/data-table';
import { AddHolidayForm, CorrectHolidayForm, nameIn } from '../components/holiday-forms';
import { ListFailure } from '../components/list-failure';
import { StatusBadge } from '../../../components/ui/status-badge';

/** The year shown, with a step to the one before and after. */
function YearStepper({ year, onChange }: { year: number; onChange: (year: number) => void }) {
  const { t } = useTranslation();
  return (
    <div className="join" role="group" aria-label={t('dashboard.holidays.year')}>
      <button type="button" className="btn join-item btn-sm" aria-label={t('dashboard.holidays.previousYear')} onClick={() => onChange(year - 1)}>
        ‹
      </button>
      <span className="btn join-item btn-sm pointer-events-none tabular-nums" aria-live="polite">
        {formatDigits(String(year))}
      </span>
      <button type="button" className="btn join-item btn-sm" aria-label={t('dashboard.holidays.nextYear')} onClick={() => onChange(year + 1)}>
        ›
      </button>
    </div>
  );
}

/** One year's holidays: the date in the reader's language, both names, whether the date is still predicted, and what staff may do. */
function HolidayTable({ holidays, onCorrect, onRemove }: { holidays: HolidayAnswer[]; onCorrect: (holiday: HolidayAnswer) => void; onRemove: (holiday: HolidayAnswer) => void }) {
  const { t, i18n } = useTranslation();
  const columns = [{ label: t('dashboard.holidays.date') }, { label: t('dashboard.holidays.name') }, { label: t('dashboard.holidays.status') }, { label: t('dashboard.holidays.actions') }];
  const label = (index: number) => columns[index]?.label ?? '';
  return (
    <DataTable columns={columns} testId="holidays-table">
      {holidays.map((holiday) => {
        const named = { name: nameIn(i18n.language, holiday), date: formatDate(holiday.date) };
        return (
          <Row key={holiday.date} testId={`holiday-${holiday.date}`}>
            <Cell label={label(0)} className="whitespace-nowrap font-medium">
              <time dateTime={holiday.date}>{formatDate(holiday.date)}</time>
            </Cell>
            <Cell label={label(1)}>
              <span>
                <span className="block">{holiday.nameEn}</span>
                <span className="block text-base-content/80" lang="bn">
                  {holiday.nameBn}
                </span>
              </span>
            </Cell>
            <Cell label={label(2)}>
              <StatusBadge
                status={holiday.predicted ? 'predicted' : 'confirmed'}
                tone={holiday.predicted ? 'waiting' : 'in-force'}
                label={t(holiday.predicted ? 'dashboard.holidays.predicted' : 'dashboard.holidays.confirmed')}
                nowrap
              />
            </Cell>
            <Cell label={label(3)}>
              <span className="flex gap-2">
                <button type="button" className="btn btn-sm btn-outline btn-primary" aria-label={t('dashboard.holidays.correctHint', named)} onClick={() => onCorrect(holiday)}>
                  {t('dashboard.holidays.correct')}
                </button>
                <button type="button" className="btn btn-sm btn-outline btn-error" aria-label={t('dashboard.holidays.removeHint', named)} onClick={() => onRemove(holiday)}>
                  {t('dashboard.holidays.remove')}
                </button>
              </span>
            </Cell>
          </Row>
        );
      })}
    </DataTable>
  );
}

/**
 * The dashboard's Holidays page: the bank's public holidays of one year, which any one member of
 * staff adds, corrects (the names, or a predicted date confirmed) and removes. A change takes
 * effect at once for the rails' calendar; the server keeps it in the audit trail.
 */
export default function HolidaysPage() {
  const { t, i18n } = useTranslation();
  const [year, setYear] = useState(() => Number(dhakaDay(new Date()).slice(0, 4)));
  const holidays = useHolidays(year);
  const refresh = useRefreshDashboard();
  const [correcting, setCorrecting] = useState<HolidayAnswer | undefined>(undefined);
  const [confirming, setConfirming] = useState<ConfirmRequest | null>(null);

  const askRemoval = (holiday: HolidayAnswer) => {
    const values = { name: nameIn(i18n.language, holiday), date: formatDate(holiday.date) };
    setConfirming({
      subject: `${holiday.date}:remove`,
      title: t('dashboard.holidays.removeTitle'),
      body: t('dashboard.holidays.removeBody', values),
      facts: [
        { label: t('dashboard.holidays.nameEn'), value: holiday.nameEn },
        { label: t('dashboard.holidays.nameBn'), value: holiday.nameBn },
      ],
      confirmLabel: t('dashboard.holidays.removeConfirm'),
      tone: 'error',
      run: async (key) => {
        await sendHolidayRemoval(holiday.date, key);
        toast.success(t('dashboard.holidays.removed'));
        if (correcting?.date === holiday.date) setCorrecting(undefined);
        await refresh();
      },
    });
  };

  return (
    <div>
      <PageHeader title={t('dashboard.holidays.title')} intro={t('dashboard.holidays.intro')} />
      {correcting ? <CorrectHolidayForm key={correcting.date} holiday={correcting} onClose={() => setCorrecting(undefined)} /> : <AddHolidayForm />}
      <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-xl font-bold">{t('dashboard.holidays.listTitle', { year })}</h2>
        <YearStepper year={year} onChange={setYear} />
      </div>
      <QueryState
        query={holidays}
        loadingLabel={t('dashboard.list.loading')}
        empty={<p className="text-base-content/80">{t('dashboard.holidays.empty', { year })}</p>}
        failure={(error, retry) => <ListFailure error={error} onRetry={retry} />}
      >
        {(list) => (
          <HolidayTable
            holidays={list}
            onCorrect={(holiday) => {
              setCorrecting(holiday);
              window.scrollTo({ top: 0, behavior: 'smooth' });
            }}
            onRemove={askRemoval}
          />
        )}
      </QueryState>
      <ConfirmDialog request={confirming} onClose={() => setConfirming(null)} />
    </div>
  );
}
