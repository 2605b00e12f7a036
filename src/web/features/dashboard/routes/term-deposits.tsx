import type { UseQueryResult } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { dpsStatuses, type DpsListEntry } from '../../../../shared/schemas/deposit-schemes';
import { fdrStatuses, type FdrAnswer } from '../../../../shared/schemas/fixed-deposits';
import { formatReference } from '../../../../shared/reference';
import { PageHeader } from '../../../components/ui/page-header';
import type { PageWithTotal } from '../../../lib/api-client';
import { formatBdt, formatCount, formatDate, formatPercent } from '../../../lib/format';
import { useTranslation, type TFunction } from '../../../lib/use-translation';
import type { ListParams } from '../api/dashboard-keys';
import { useStaffDps, useStaffFdrs } from '../api/term-deposits';
import { Cell, DataTable, Row } from '../components/data-table';
import { ListPanel } from '../components/list-panel';
import type { ListColumn } from '../components/request-list-page';
import { StatusBadge } from '../../../components/ui/status-badge';
import { useListPage } from '../components/use-list-page';

const kinds = ['fdr', 'dps'] as const;
type Kind = (typeof kinds)[number];
/** The address names the DPS tab (`?kind=dps`); without it the page shows the FDRs. */
const kindParameter = 'kind';
const panelId = 'term-deposits-panel';
const tabId = (kind: Kind) => `term-deposits-tab-${kind}`;

type TermDepositListProps<Item, Status extends string> = {
  kind: Kind;
  statuses: readonly Status[];
  useItems: (params: ListParams) => UseQueryResult<PageWithTotal<Item>>;
  columns: Array<ListColumn<Item>>;
};

/** One tab's list: the status filter, the search and the page in the address, as every staff list keeps them; read only. */
function TermDepositList<Item extends { id: string }, Status extends string>({ kind, statuses, useItems, columns }: TermDepositListProps<Item, Status>) {
  const { t } = useTranslation();
  const list = useListPage(statuses);
  const items = useItems(list.params);
  const text = (name: string) => t(`dashboard.termDeposits.${kind}.${name}`);
  return (
    <ListPanel
      query={items}
      params={list.params}
      filter={{ statuses, status: list.status, statusLabel: (status) => t(`dashboard.statuses.${status}`), onStatusChange: list.setStatus }}
      search={{ q: list.q, onSearch: list.setQuery, placeholder: t('dashboard.termDeposits.searchPlaceholder') }}
      onOffsetChange={list.setOffset}
      empty={text('empty')}
      emptyFiltered={text('emptyFiltered')}
    >
      {(rows) => (
        <DataTable columns={columns.map((column) => ({ label: column.label, className: column.align === 'right' ? 'text-right' : '' }))} testId={`${kind}-table`}>
          {rows.map((item) => (
            <Row key={item.id} testId={`${kind}-${item.id}`}>
              {columns.map((column) => (
                <Cell key={column.label} label={column.label} className={`${column.align === 'right' ? 'md:text-right' : ''} ${column.className ?? ''}`}>
                  {column.render(item)}
                </Cell>
              ))}
            </Row>
          ))}
        </DataTable>
      )}
    </ListPanel>
  );
}

const money = (poisha: string) => formatBdt(BigInt(poisha));
const rate = (basisPoints: number) => formatPercent(basisPoints / 100);

/** The columns both kinds share: the reference, the customer and their account, the term and its rate, the days and the status. */
function sharedColumns<Item extends FdrAnswer | DpsListEntry>(t: TFunction) {
  const text = (name: string) => t(`dashboard.termDeposits.${name}`);
  const reference: ListColumn<Item> = {
    label: text('reference'),
    className: 'whitespace-nowrap',
    render: (item) => <span className="font-mono text-sm">{formatReference(item.reference)}</span>,
  };
  const customer: ListColumn<Item> = {
    label: text('customer'),
    render: (item) => (
      <span className="max-md:text-right">
        <span className="block font-medium">{item.holderName}</span>
        <span className="block font-mono text-xs text-base-content/70">{item.accountId}</span>
      </span>
    ),
  };
  // The maturity day first, the opening day under it: two date columns would push a DPS's table past the page's width.
  const days: ListColumn<Item> = {
    label: text('maturity'),
    className: 'whitespace-nowrap text-sm',
    render: (item) => (
      <span className="max-md:text-right">
        <span className="block">{formatDate(item.maturityDay)}</span>
        <span className="block text-xs text-base-content/70">{t('dashboard.termDeposits.openedOn', { day: formatDate(item.openingDay) })}</span>
      </span>
    ),
  };
  const status: ListColumn<Item> = {
    label: text('status'),
    render: (item) => <StatusBadge status={item.status} label={t(`dashboard.statuses.${item.status}`, { defaultValue: item.status })} nowrap />,
  };
  const termAndRate: ListColumn<Item> = {
    label: text('termAndRate'),
    className: 'whitespace-nowrap',
    render: (item) => (
      <span className="max-md:text-right">
        <span className="block">{'termMonths' in item ? t('dashboard.termDeposits.months', { count: item.termMonths }) : t('dashboard.termDeposits.years', { count: item.termYears })}</span>
        <span className="block text-xs tabular-nums text-base-content/70">{t('dashboard.termDeposits.aYear', { rate: rate(item.annualRateBasisPoints) })}</span>
      </span>
    ),
  };
  return { reference, customer, termAndRate, days, status };
}

function fdrColumns(t: TFunction): Array<ListColumn<FdrAnswer>> {
  const { reference, customer, termAndRate, days, status } = sharedColumns<FdrAnswer>(t);
  return [
    reference,
    customer,
    { label: t('dashboard.termDeposits.principal'), align: 'right', className: 'whitespace-nowrap tabular-nums', render: (fdr) => money(fdr.principalPoisha) },
    termAndRate,
    days,
    status,
  ];
}

function dpsColumns(t: TFunction): Array<ListColumn<DpsListEntry>> {
  const { reference, customer, termAndRate, days } = sharedColumns<DpsListEntry>(t);
  return [
    reference,
    customer,
    {
      label: t('dashboard.termDeposits.instalment'),
      align: 'right',
      className: 'whitespace-nowrap tabular-nums',
      render: (dps) => (
        <span className="inline-flex flex-col gap-1 items-end">
          <span>{money(dps.instalmentPoisha)}</span>
          <span className="text-xs text-base-content/70" data-testid="dps-paid">
            {t('dashboard.termDeposits.paidOf', { paid: formatCount(dps.paidCount), total: formatCount(dps.instalmentCount) })}
          </span>
        </span>
      ),
    },
    termAndRate,
    days,
    {
      label: t('dashboard.termDeposits.status'),
      render: (dps) => (
        // The instalments missed under the status rather than in a column of their own: the table must fit beside the site's menu at 1280 px.
        <span className="inline-flex flex-col gap-1 max-md:items-end md:items-start">
          <StatusBadge status={dps.status} label={t(`dashboard.statuses.${dps.status}`, { defaultValue: dps.status })} nowrap />
          <span className={`whitespace-nowrap text-xs ${dps.missedCount > 0 ? 'font-semibold text-error' : 'text-base-content/70'}`} data-testid="dps-missed">
            {t('dashboard.termDeposits.missed', { missed: formatCount(dps.missedCount) })}
          </span>
        </span>
      ),
    },
  ];
}

/**
 * Every customer's term deposits for staff, read only: the FDRs and the DPS schemes as two tabs,
 * each searched and filtered by the server. Choosing a tab starts its list afresh, since the
 * two kinds have statuses of their own.
 */
export default function TermDepositsPage() {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const kind: Kind = searchParams.get(kindParameter) === 'dps' ? 'dps' : 'fdr';
  return (
    <>
      <PageHeader title={t('dashboard.termDeposits.title')} intro={t('dashboard.termDeposits.intro')} />
      <div role="tablist" className="tabs tabs-box mb-3 w-fit" aria-label={t('dashboard.termDeposits.kinds')}>
        {kinds.map((candidate) => (
          <button
            key={candidate}
            id={tabId(candidate)}
            type="button"
            role="tab"
            aria-selected={kind === candidate}
            aria-controls={panelId}
            className={`tab text-base-content ${kind === candidate ? 'tab-active' : ''}`}
            onClick={() => setSearchParams(candidate === 'fdr' ? {} : { [kindParameter]: candidate })}
          >
            {t(`dashboard.termDeposits.${candidate}.tab`)}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={panelId} aria-labelledby={tabId(kind)}>
        {kind === 'fdr' ? (
          <TermDepositList key="fdr" kind="fdr" statuses={fdrStatuses} useItems={useStaffFdrs} columns={fdrColumns(t)} />
        ) : (
          <TermDepositList key="dps" kind="dps" statuses={dpsStatuses} useItems={useStaffDps} columns={dpsColumns(t)} />
        )}
      </div>
    </>
  );
}
