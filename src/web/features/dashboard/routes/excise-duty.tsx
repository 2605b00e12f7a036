import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useFieldArray, useForm, type Resolver } from 'react-hook-form';
import { poishaToDecimalString } from '../../../../shared/money';
import {
  exciseSlabCountMax,
  exciseTableProposalSchema,
  type ExciseSummaryAnswer,
  type ExciseTableAnswer,
  type ExciseTableProposal,
  type ExciseTableProposalInput,
  type ExciseTableProposedAnswer,
} from '../../../../shared/schemas/excise-duty';
import { ConfirmStep } from '../../../components/ui/confirm-step';
import { describedBy, FormField } from '../../../components/ui/form-field';
import { OperationNotice } from '../../../components/ui/operation-notice';
import { PageHeader } from '../../../components/ui/page-header';
import { QueryState } from '../../../components/ui/query-state';
import { applyServerErrors } from '../../../lib/form-errors';
import { formatBdtNumber, formatCount, formatDate, formatDateTime, formatDigits } from '../../../lib/format';
import { messageInLanguage } from '../../../lib/i18n';
import { useSession } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { useSafeOperation } from '../../../lib/use-safe-operation';
import { useTranslation } from '../../../lib/use-translation';
import { sendExciseTableProposal, useExciseActions, useExciseSummary, useExciseTables } from '../api/excise-duty';
import { ConfirmDialog, type ConfirmRequest } from '../components/confirm-dialog';
import { proposalDecision } from '../components/proposal-decision';
import { ListFailure } from '../components/list-failure';
import { StatusBadge } from '../../../components/ui/status-badge';

type Slab = ExciseTableAnswer['slabs'][number];

/** The balances a slab covers, in words: "Up to 3,00,000.00 BDT", the last "Above 5,00,00,000.00 BDT". */
function useSlabWords() {
  const { t } = useTranslation();
  return (slabs: readonly Slab[], index: number) => {
    const slab = slabs[index];
    if (slab?.upTo !== null && slab?.upTo !== undefined) return t('dashboard.excise.upTo', { amount: formatBdtNumber(slab.upTo) });
    const before = slabs[index - 1]?.upTo;
    return before === undefined || before === null ? t('dashboard.excise.anyBalance') : t('dashboard.excise.above', { amount: formatBdtNumber(before) });
  };
}

function SlabTable({ slabs }: { slabs: readonly Slab[] }) {
  const { t } = useTranslation();
  const words = useSlabWords();
  return (
    <div className="overflow-x-auto">
      <table className="table table-sm" data-testid="excise-slabs">
        <thead>
          <tr>
            <th>{t('dashboard.excise.highestBalance')}</th>
            <th className="text-right">{t('dashboard.excise.duty')}</th>
          </tr>
        </thead>
        <tbody>
          {slabs.map((slab, index) => (
            <tr key={index}>
              <td className="tabular-nums">{words(slabs, index)}</td>
              <td className="whitespace-nowrap text-right tabular-nums">{formatBdtNumber(slab.duty)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Who proposed and approved a table; a table the bank started with has neither. */
function Provenance({ table }: { table: ExciseTableAnswer }) {
  const { t } = useTranslation();
  if (!table.proposedBy) return <p className="text-xs text-base-content/70">{t('dashboard.excise.seeded')}</p>;
  return (
    <p className="text-xs text-base-content/70">
      {t('dashboard.excise.proposedBy', { name: table.proposedBy, at: formatDateTime(table.proposedAt) })}
      {table.decidedBy ? ` · ${t('dashboard.excise.approvedBy', { name: table.decidedBy })}` : ''}
    </p>
  );
}

type TableState = 'in-force' | 'scheduled' | 'history';

/** Approved tables, latest date first, each marked in force (the latest from the business date or before), scheduled or earlier. */
function approvedTablesByState(tables: readonly ExciseTableAnswer[], businessDate: string): Array<{ table: ExciseTableAnswer; state: TableState }> {
  let inForceFound = false;
  return tables
    .filter((table) => table.status === 'approved')
    .map((table) => {
      if (table.effectiveFrom > businessDate) return { table, state: 'scheduled' as const };
      if (inForceFound) return { table, state: 'history' as const };
      inForceFound = true;
      return { table, state: 'in-force' as const };
    });
}

function ApprovedTables({ tables, businessDate }: { tables: readonly ExciseTableAnswer[]; businessDate: string }) {
  const { t } = useTranslation();
  const marked = approvedTablesByState(tables, businessDate);
  return (
    <section aria-labelledby="excise-tables-title" className="mb-8">
      <h2 id="excise-tables-title" className="mb-1 text-xl font-bold">
        {t('dashboard.excise.tablesTitle')}
      </h2>
      <p className="mb-3 text-sm text-base-content/80">{t('dashboard.excise.businessDate', { date: formatDate(businessDate) })}</p>
      <ul className="grid gap-3 lg:grid-cols-2">
        {marked.map(({ table, state }) => (
          <li key={table._id} className="min-w-0 rounded-box border border-base-300 bg-base-100 p-4" data-testid={`excise-table-${state}`}>
            <p className="flex flex-wrap items-center gap-2 text-sm">
              <StatusBadge status={state} label={t(`dashboard.excise.states.${state}`)} />
              <span className="font-semibold">{t(state === 'in-force' ? 'dashboard.excise.since' : 'dashboard.excise.from', { date: formatDate(table.effectiveFrom) })}</span>
            </p>
            <p className="mt-1 text-sm wrap-anywhere">{table.reason}</p>
            <SlabTable slabs={table.slabs} />
            <Provenance table={table} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function YearTotals({ years }: { years: ExciseSummaryAnswer['years'] }) {
  const { t } = useTranslation();
  if (years.length === 0) return <p className="text-base-content/80">{t('dashboard.excise.noYears')}</p>;
  return (
    <div className="overflow-x-auto rounded-box border border-base-300 bg-base-100">
      <table className="table table-sm" data-testid="excise-year-totals">
        <thead>
          <tr>
            <th>{t('dashboard.excise.year')}</th>
            <th className="text-right">{t('dashboard.excise.accounts')}</th>
            <th className="text-right">{t('dashboard.excise.dutyTotal')}</th>
            <th className="text-right">{t('dashboard.excise.chargedTotal')}</th>
            <th className="text-right">{t('dashboard.excise.collectedTotal')}</th>
            <th className="text-right">{t('dashboard.excise.dueTotal')}</th>
          </tr>
        </thead>
        <tbody>
          {years.map((row) => (
            <tr key={row.year}>
              <td className="tabular-nums">{formatDigits(String(row.year))}</td>
              <td className="text-right tabular-nums">{formatCount(row.accounts)}</td>
              {[row.duty, row.charged, row.collected, row.due].map((amount, index) => (
                <td key={index} className="whitespace-nowrap text-right tabular-nums">
                  {formatBdtNumber(amount)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function ProposalRow({ table, mine, onDecide }: { table: ExciseTableAnswer; mine: boolean; onDecide: (kind: 'approve' | 'decline') => void }) {
  const { t } = useTranslation();
  return (
    <li className="flex flex-wrap items-start justify-between gap-3 rounded-box border border-base-300 bg-base-100 p-4" data-testid="excise-proposal">
      <div className="min-w-0 flex-1 text-sm">
        <p className="flex flex-wrap items-center gap-2 text-base font-semibold">
          {t('dashboard.excise.from', { date: formatDate(table.effectiveFrom) })}
          <StatusBadge status={table.status} label={t(`dashboard.statuses.${table.status}`, { defaultValue: table.status })} nowrap />
        </p>
        <p className="wrap-anywhere">{table.reason}</p>
        <SlabTable slabs={table.slabs} />
        <p className="text-xs text-base-content/70">
          {t('dashboard.excise.proposedBy', { name: mine ? t('dashboard.excise.you') : (table.proposedBy ?? ''), at: formatDateTime(table.proposedAt) })}
          {table.decidedBy ? ` · ${t('dashboard.excise.decidedBy', { name: table.decidedBy })}` : ''}
        </p>
        {table.status === 'pending' && mine ? <p className="text-xs text-base-content/70">{t('dashboard.excise.waitingForColleague')}</p> : null}
      </div>
      {table.status === 'pending' ? (
        <div className="flex gap-2">
          {/* The proposer may withdraw the table, never approve it: a second member of staff must. */}
          {mine ? null : (
            <button type="button" className="btn btn-primary btn-sm" onClick={() => onDecide('approve')}>
              {t('dashboard.list.approve')}
            </button>
          )}
          <button type="button" className="btn btn-outline btn-error btn-sm" onClick={() => onDecide('decline')}>
            {t('dashboard.list.decline')}
          </button>
        </div>
      ) : null}
    </li>
  );
}

function Proposals({ tables }: { tables: readonly ExciseTableAnswer[] }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const words = useSlabWords();
  const { approve, decline } = useExciseActions();
  const [confirming, setConfirming] = useState<ConfirmRequest | null>(null);
  const proposals = tables.filter((table) => table.status !== 'approved');

  const ask = (table: ExciseTableAnswer, kind: 'approve' | 'decline') => {
    const values = { date: formatDate(table.effectiveFrom), name: table.proposedBy ?? '' };
    const facts = [
      ...table.slabs.map((slab, index) => ({ label: words(table.slabs, index), value: formatBdtNumber(slab.duty) })),
      { label: t('dashboard.excise.reason'), value: table.reason, long: true },
    ];
    const decisionWords = {
      title: t(`dashboard.excise.${kind}Title`),
      body: t(`dashboard.excise.${kind}Body`, values),
      confirmLabel: t(`dashboard.excise.${kind}Confirm`),
      approved: t('dashboard.excise.approved'),
      declined: t('dashboard.excise.declined'),
      declineReason: { label: t('dashboard.excise.declineReason'), required: t('dashboard.excise.declineReasonRequired') },
    };
    setConfirming(
      proposalDecision({
        id: table._id,
        kind,
        words: decisionWords,
        facts,
        calls: { approve, decline },
      }),
    );
  };

  return (
    <section aria-labelledby="excise-proposals" className="mb-8">
      <h2 id="excise-proposals" className="mb-3 text-xl font-bold">
        {t('dashboard.excise.proposalsTitle')}
      </h2>
      {proposals.length === 0 ? (
        <p className="text-base-content/80">{t('dashboard.excise.noProposals')}</p>
      ) : (
        <ul className="flex flex-col gap-3">
          {proposals.map((table) => (
            <ProposalRow key={table._id} table={table} mine={table.proposedByUserId === user?.id} onDecide={(kind) => ask(table, kind)} />
          ))}
        </ul>
      )}
      <ConfirmDialog request={confirming} onClose={() => setConfirming(null)} />
    </section>
  );
}

/** The form's values, as the schema takes them: every bound as typed; the last slab's is not asked for. */
type FormValues = ExciseTableProposalInput;

/**
 * The shared schema the route checks, given the form's values with the last slab's bound as none:
 * the form never shows a bound for the last slab, which covers every balance above the one before.
 */
const schemaResolver = zodResolver(exciseTableProposalSchema);
const resolver: Resolver<FormValues, unknown, ExciseTableProposal> = (values, context, options) =>
  schemaResolver({ ...values, slabs: values.slabs.map((slab, index) => (index === values.slabs.length - 1 ? { ...slab, upTo: null } : slab)) }, context, options);

const emptySlabs = [
  { upTo: '', duty: '' },
  { upTo: '', duty: '' },
];

/** The form to propose a new table from a later business date; another member of staff must approve it. */
export function ProposeExciseTableForm({ inForce }: { inForce: ExciseTableAnswer | undefined }) {
  const { t } = useTranslation();
  const { refresh } = useExciseActions();
  const form = useForm<FormValues, unknown, ExciseTableProposal>({ resolver, defaultValues: { effectiveFrom: '', slabs: emptySlabs, reason: '' } });
  const slabs = useFieldArray({ control: form.control, name: 'slabs' });
  const { errors } = form.formState;
  const slabError = (index: number, field: 'upTo' | 'duty') => errors.slabs?.[index]?.[field]?.message;
  const listError = errors.slabs?.message ?? errors.slabs?.root?.message;
  const proposal = useSafeOperation<ExciseTableProposal, ExciseTableProposedAnswer>({
    send: (values, key) =>
      sendExciseTableProposal(
        {
          effectiveFrom: values.effectiveFrom,
          slabs: values.slabs.map((slab) => ({ upTo: slab.upTo === null ? null : poishaToDecimalString(slab.upTo), duty: poishaToDecimalString(slab.duty) })),
          reason: values.reason,
        },
        key,
      ),
    onDone: async () => {
      toast.success(t('dashboard.excise.proposed'));
      form.reset();
      proposal.reset();
      await refresh();
    },
    onRefused: (caught) => applyServerErrors(caught, form.setError, ['effectiveFrom', 'slabs', 'reason']),
  });
  const { state } = proposal;
  const confirming = state.phase === 'confirming' || proposal.busy;
  const copyInForce = () => {
    if (!inForce) return;
    slabs.replace(
      inForce.slabs.map((slab) => ({ upTo: slab.upTo === null ? '' : poishaToDecimalString(BigInt(Math.round(slab.upTo * 100))), duty: poishaToDecimalString(BigInt(Math.round(slab.duty * 100))) })),
    );
  };
  const summary = (values: ExciseTableProposal) =>
    t('dashboard.excise.confirm', {
      date: formatDate(values.effectiveFrom),
      count: values.slabs.length,
      slabs: formatCount(values.slabs.length),
    });
  const lastIndex = slabs.fields.length - 1;

  return (
    <section aria-labelledby="propose-excise" className="card mb-8 border border-base-300 bg-base-100 shadow-sm">
      <form className="card-body gap-4 p-4 sm:p-6" onSubmit={form.handleSubmit((values) => proposal.ask(values))} noValidate data-testid="propose-excise-form">
        <div>
          <h2 id="propose-excise" className="card-title text-lg">
            {t('dashboard.excise.proposeTitle')}
          </h2>
          <p className="text-sm text-base-content/80">{t('dashboard.excise.proposeIntro')}</p>
        </div>
        <fieldset className="grid gap-4 md:grid-cols-2" disabled={confirming}>
          <FormField id="excise-effective" label={t('dashboard.excise.effectiveFrom')} error={errors.effectiveFrom?.message}>
            <input type="date" className="input w-full" {...describedBy('excise-effective', errors.effectiveFrom?.message)} {...form.register('effectiveFrom')} />
          </FormField>
          <div className="md:col-span-2">
            <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
              <p className="text-sm font-medium">{t('dashboard.excise.slabs')}</p>
              {inForce ? (
                <button type="button" className="btn btn-ghost btn-sm" onClick={copyInForce}>
                  {t('dashboard.excise.copyInForce')}
                </button>
              ) : null}
            </div>
            {listError ? (
              <p role="alert" className="mb-2 text-sm text-error">
                {messageInLanguage(listError)}
              </p>
            ) : null}
            <ol className="flex flex-col gap-3">
              {slabs.fields.map((field, index) => (
                <li key={field.id} className="grid grid-cols-[1fr_1fr_auto] items-start gap-2" data-testid="slab-row">
                  {index === lastIndex ? (
                    <div className="flex flex-col gap-1">
                      <span className="text-sm font-medium">{t('dashboard.excise.highestBalance')}</span>
                      <span className="py-2 text-sm text-base-content/80" data-testid="last-slab-bound">
                        {t('dashboard.excise.aboveTheSlabBefore')}
                      </span>
                    </div>
                  ) : (
                    <FormField id={`slab-${index}-up-to`} label={t('dashboard.excise.slabBound')} error={slabError(index, 'upTo')}>
                      <input
                        className="input w-full"
                        inputMode="decimal"
                        autoComplete="off"
                        {...describedBy(`slab-${index}-up-to`, slabError(index, 'upTo'))}
                        {...form.register(`slabs.${index}.upTo`)}
                      />
                    </FormField>
                  )}
                  <FormField id={`slab-${index}-duty`} label={t('dashboard.excise.slabDuty')} error={slabError(index, 'duty')}>
                    <input className="input w-full" inputMode="decimal" autoComplete="off" {...describedBy(`slab-${index}-duty`, slabError(index, 'duty'))} {...form.register(`slabs.${index}.duty`)} />
                  </FormField>
                  <button
                    type="button"
                    className="btn btn-ghost btn-sm mt-7"
                    disabled={slabs.fields.length === 1}
                    onClick={() => slabs.remove(index)}
                    aria-label={t('dashboard.excise.removeSlab', { index: index + 1 })}
                  >
                    ✕
                  </button>
                </li>
              ))}
            </ol>
            {/* A new slab goes before the last, which stays the one without a bound. */}
            <button
              type="button"
              className="btn btn-outline btn-sm mt-2"
              disabled={slabs.fields.length >= exciseSlabCountMax}
              onClick={() => slabs.insert(Math.max(lastIndex, 0), { upTo: '', duty: '' })}
            >
              {t('dashboard.excise.addSlab')}
            </button>
          </div>
          <div className="md:col-span-2">
            <FormField id="excise-reason" label={t('dashboard.excise.reason')} error={errors.reason?.message}>
              <textarea className="textarea w-full" rows={2} {...describedBy('excise-reason', errors.reason?.message)} {...form.register('reason')} />
            </FormField>
          </div>
        </fieldset>
        <OperationNotice state={state} checking={t('dashboard.list.checking')} unknown={t('dashboard.list.unknown')} onCheckAgain={proposal.checkAgain} />
        {confirming && state.phase !== 'editing' ? (
          <ConfirmStep id="excise-confirm" confirmLabel={t('dashboard.excise.proposeConfirm')} busy={proposal.busy} onConfirm={proposal.confirm} onCancel={proposal.cancel}>
            {summary(state.values)}
          </ConfirmStep>
        ) : (
          <div>
            <button ref={proposal.openerRef} type="submit" className="btn btn-primary">
              {t('dashboard.excise.proposeButton')}
            </button>
          </div>
        )}
      </form>
    </section>
  );
}

/**
 * The dashboard's excise duty page (records 085 and 090): the table in force and since when, the
 * scheduled and earlier ones with who proposed and approved them, the proposals (a colleague
 * approves with a code from their authenticator app, or declines with a reason), the form to
 * propose a table, and the latest years' duty charged, collected later and still due.
 */
export default function ExciseDutyPage() {
  const { t } = useTranslation();
  const tables = useExciseTables();
  const summary = useExciseSummary();
  return (
    <>
      <PageHeader title={t('dashboard.excise.title')} intro={t('dashboard.excise.intro')} />
      <QueryState query={summary} failure={(error, retry) => <ListFailure error={error} onRetry={retry} />}>
        {(answer) => (
          <QueryState query={tables} failure={(error, retry) => <ListFailure error={error} onRetry={retry} />}>
            {(list) => {
              const inForce = approvedTablesByState(list, answer.businessDate).find((entry) => entry.state === 'in-force')?.table;
              return (
                <>
                  <ApprovedTables tables={list} businessDate={answer.businessDate} />
                  <Proposals tables={list} />
                  <ProposeExciseTableForm inForce={inForce} />
                  <section aria-labelledby="excise-years-title" className="mb-8">
                    <h2 id="excise-years-title" className="mb-3 text-xl font-bold">
                      {t('dashboard.excise.yearsTitle')}
                    </h2>
                    <YearTotals years={answer.years} />
                  </section>
                </>
              );
            }}
          </QueryState>
        )}
      </QueryState>
    </>
  );
}
