import { zodResolver } from '@hookform/resolvers/zod';
import type { UseQueryResult } from '@tanstack/react-query';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from '../../../lib/toast';
import { useTranslation } from '../../../lib/use-translation';
import type { z } from 'zod';
import { accountTypeSlugs, type AccountTypeSlug } from '../../../../shared/constants';
import { poishaToDecimalString } from '../../../../shared/money';
import { transferLimitProposalSchema, type LimitProposalAnswer, type LimitProposedAnswer, type TransferLimitAnswer } from '../../../../shared/schemas/limits';
import { ConfirmStep } from '../../../components/ui/confirm-step';
import { describedBy, FormField } from '../../../components/ui/form-field';
import { OperationNotice } from '../../../components/ui/operation-notice';
import { QueryState } from '../../../components/ui/query-state';
import { applyServerErrors } from '../../../lib/form-errors';
import { formatBdt, formatBdtNumber, formatDate, formatDateTime } from '../../../lib/format';
import { formatAccountType } from '../../../lib/format-account-type';
import { useSafeOperation } from '../../../lib/use-safe-operation';
import { useSession } from '../../../lib/session';
import { useRefreshDashboard } from '../api/dashboard-keys';
import { sendLimitProposal, useApproveLimitProposal, useDeclineLimitProposal, useLimitProposals, useTransferLimits } from '../api/transfer-limits';
import { Cell, DataTable, Row } from '../components/data-table';
import { ListFailure } from '../components/list-failure';
import { decisionTexts, RequestListPage, type Decision, type ListColumn, type ListIdentity } from '../components/request-list-page';
import { StatusBadge } from '../../../components/ui/status-badge';

const proposalStatuses = ['pending', 'approved', 'declined'] as const;

const proposalList: ListIdentity<LimitProposalAnswer, (typeof proposalStatuses)[number]> = {
  texts: 'dashboard.limits',
  statuses: proposalStatuses,
  useItems: useLimitProposals,
  testIds: { table: 'limit-proposals-table', row: 'limit-proposal' },
  itemKey: (proposal) => proposal._id,
};

type FormInput = z.input<typeof transferLimitProposalSchema>;
type FormOutput = z.output<typeof transferLimitProposalSchema>;

const typeName = (slug: AccountTypeSlug) => formatAccountType(slug);

/** Each account type's limits as they stand, and since when (or that they are the bank's defaults). */
function CurrentLimits({ query }: { query: UseQueryResult<TransferLimitAnswer[]> }) {
  const { t } = useTranslation();
  const columns = [
    { label: t('dashboard.limits.accountType') },
    { label: t('dashboard.limits.perTransfer'), className: 'text-right' },
    { label: t('dashboard.limits.perDay'), className: 'text-right' },
    { label: t('dashboard.limits.since') },
  ];
  return (
    <section aria-labelledby="current-limits" className="card mb-6 border border-base-300 bg-base-100 shadow-sm">
      <div className="card-body gap-3 p-4 sm:p-6">
        <h2 id="current-limits" className="card-title text-lg">
          {t('dashboard.limits.currentTitle')}
        </h2>
        <QueryState query={query} loadingLabel={t('dashboard.list.loading')} failure={(error, retry) => <ListFailure error={error} onRetry={retry} />}>
          {(limits) => (
            <DataTable columns={columns} testId="current-limits-table">
              {limits.map((row) => (
                <Row key={row.accountType} testId={`limits-${row.accountType}`}>
                  <Cell label={columns[0]?.label ?? ''} className="font-medium">
                    {typeName(row.accountType)}
                  </Cell>
                  <Cell label={columns[1]?.label ?? ''} className="whitespace-nowrap text-right tabular-nums">
                    {formatBdtNumber(row.perTransfer)}
                  </Cell>
                  <Cell label={columns[2]?.label ?? ''} className="whitespace-nowrap text-right tabular-nums">
                    {formatBdtNumber(row.perDay)}
                  </Cell>
                  <Cell label={columns[3]?.label ?? ''} className="text-sm">
                    {row.updatedAt ? formatDate(row.updatedAt) : t('dashboard.limits.bankDefault')}
                  </Cell>
                </Row>
              ))}
            </DataTable>
          )}
        </QueryState>
      </div>
    </section>
  );
}

/** The form to propose new limits for one type: a blank limit stays as it is; another staff member must approve. */
function ProposeForm({ limits }: { limits: TransferLimitAnswer[] | undefined }) {
  const { t } = useTranslation();
  const refresh = useRefreshDashboard();
  const form = useForm<FormInput, unknown, FormOutput>({ resolver: zodResolver(transferLimitProposalSchema), defaultValues: { accountType: 'savings', perTransfer: '', perDay: '', reason: '' } });
  const { errors } = form.formState;
  const error = (name: keyof FormInput) => errors[name]?.message;
  const chosen = useWatch({ control: form.control, name: 'accountType' });
  const current = limits?.find((row) => row.accountType === chosen);
  const proposal = useSafeOperation<FormOutput, LimitProposedAnswer>({
    send: (values, key) =>
      sendLimitProposal(
        {
          accountType: values.accountType,
          ...(values.perTransfer === undefined ? {} : { perTransfer: poishaToDecimalString(values.perTransfer) }),
          ...(values.perDay === undefined ? {} : { perDay: poishaToDecimalString(values.perDay) }),
          reason: values.reason,
        },
        key,
      ),
    onDone: async () => {
      toast.success(t('dashboard.limits.proposed'));
      form.reset();
      proposal.reset();
      await refresh();
    },
    onRefused: (caught) => applyServerErrors(caught, form.setError, ['accountType', 'perTransfer', 'perDay', 'reason']),
  });
  const { state } = proposal;
  const confirming = state.phase === 'confirming' || proposal.busy;
  const nowHint = (amount: number | undefined) => (amount === undefined ? undefined : t('dashboard.limits.nowHint', { amount: formatBdtNumber(amount) }));
  const summary = (values: FormOutput) =>
    t('dashboard.limits.confirm', {
      type: typeName(values.accountType),
      perTransfer: values.perTransfer === undefined ? t('dashboard.limits.unchanged') : formatBdt(values.perTransfer),
      perDay: values.perDay === undefined ? t('dashboard.limits.unchanged') : formatBdt(values.perDay),
    });

  return (
    <section aria-labelledby="propose-limits" className="card mb-8 border border-base-300 bg-base-100 shadow-sm">
      <form className="card-body gap-4 p-4 sm:p-6" onSubmit={form.handleSubmit((values) => proposal.ask(values))} noValidate>
        <div>
          <h2 id="propose-limits" className="card-title text-lg">
            {t('dashboard.limits.proposeTitle')}
          </h2>
          <p className="text-sm text-base-content/80">{t('dashboard.limits.proposeIntro')}</p>
        </div>
        <fieldset className="grid gap-4 md:grid-cols-3" disabled={confirming}>
          <FormField id="limit-type" label={t('dashboard.limits.accountType')} error={error('accountType')}>
            <select className="select w-full" {...describedBy('limit-type', error('accountType'))} {...form.register('accountType')}>
              {accountTypeSlugs.map((slug) => (
                <option key={slug} value={slug}>
                  {typeName(slug)}
                </option>
              ))}
            </select>
          </FormField>
          <FormField id="limit-per-transfer" label={t('dashboard.limits.newPerTransfer')} error={error('perTransfer')} hint={nowHint(current?.perTransfer)}>
            <input
              className="input w-full"
              inputMode="decimal"
              autoComplete="off"
              {...describedBy('limit-per-transfer', error('perTransfer'), nowHint(current?.perTransfer))}
              {...form.register('perTransfer')}
            />
          </FormField>
          <FormField id="limit-per-day" label={t('dashboard.limits.newPerDay')} error={error('perDay')} hint={nowHint(current?.perDay)}>
            <input className="input w-full" inputMode="decimal" autoComplete="off" {...describedBy('limit-per-day', error('perDay'), nowHint(current?.perDay))} {...form.register('perDay')} />
          </FormField>
          <div className="md:col-span-3">
            <FormField id="limit-reason" label={t('dashboard.limits.reason')} error={error('reason')}>
              <textarea className="textarea w-full" rows={2} {...describedBy('limit-reason', error('reason'))} {...form.register('reason')} />
            </FormField>
          </div>
        </fieldset>
        <OperationNotice state={state} checking={t('dashboard.list.checking')} unknown={t('dashboard.list.unknown')} onCheckAgain={proposal.checkAgain} />
        {confirming && state.phase !== 'editing' ? (
          <ConfirmStep id="limit-confirm" confirmLabel={t('dashboard.limits.proposeConfirm')} busy={proposal.busy} onConfirm={proposal.confirm} onCancel={proposal.cancel}>
            {summary(state.values)}
          </ConfirmStep>
        ) : (
          <div>
            <button ref={proposal.openerRef} type="submit" className="btn btn-primary">
              {t('dashboard.limits.proposeButton')}
            </button>
          </div>
        )}
      </form>
    </section>
  );
}

/** "3,00,000.00 BDT → 1,00,000.00 BDT" (the limit now, then the one proposed), or that the limit stays as it is. */
function ChangeLine({ label, proposed, now }: { label: string; proposed: number | null; now: number | undefined }) {
  const { t } = useTranslation();
  return (
    <span className="block text-sm">
      <span className="block text-xs text-base-content/70">{label}</span>
      {proposed === null ? (
        <span className="text-base-content/70">{t('dashboard.limits.unchanged')}</span>
      ) : (
        <span className="font-semibold tabular-nums">
          {now === undefined ? null : (
            <>
              <span className="whitespace-nowrap font-normal">{formatBdtNumber(now)}</span> →{' '}
            </>
          )}
          <span className="whitespace-nowrap">{formatBdtNumber(proposed)}</span>
        </span>
      )}
    </span>
  );
}

/**
 * The dashboard's Limits page: each account type's transfer limits, the form to propose new
 * ones, and the proposals, which a staff member other than the proposer approves or declines.
 */
export default function TransferLimitsPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const limits = useTransferLimits();
  const approve = useApproveLimitProposal();
  const decline = useDeclineLimitProposal();
  const nowOf = (slug: AccountTypeSlug) => limits.data?.find((row) => row.accountType === slug);

  const decisions = (proposal: LimitProposalAnswer): Decision[] => {
    if (proposal.status !== 'pending') return [];
    const id = proposal._id;
    const values = {
      type: typeName(proposal.accountType),
      perTransfer: proposal.perTransfer === null ? t('dashboard.limits.unchanged') : formatBdtNumber(proposal.perTransfer),
      perDay: proposal.perDay === null ? t('dashboard.limits.unchanged') : formatBdtNumber(proposal.perDay),
      name: proposal.proposedBy,
    };
    const texts = (verb: string) => decisionTexts(t, 'dashboard.limits', verb, values);
    const facts = [
      { label: t('dashboard.limits.reason'), value: proposal.reason, long: true },
      { label: t('dashboard.limits.proposedBy'), value: proposal.proposedBy },
    ];
    const declining: Decision = {
      kind: 'decline',
      label: t('dashboard.list.decline'),
      ...texts('decline'),
      facts,
      send: (key) => decline.mutateAsync({ id, idempotencyKey: key }).then(() => t('dashboard.limits.declined')),
    };
    // The proposer may withdraw their proposal, never approve it: a second member of staff must.
    if (proposal.proposedByUserId === user?.id) return [declining];
    return [
      { kind: 'approve', label: t('dashboard.list.approve'), ...texts('approve'), facts, send: (key) => approve.mutateAsync({ id, idempotencyKey: key }).then(() => t('dashboard.limits.approved')) },
      declining,
    ];
  };

  const columns: Array<ListColumn<LimitProposalAnswer>> = [
    { label: t('dashboard.limits.accountType'), className: 'font-medium', render: (proposal) => typeName(proposal.accountType) },
    {
      label: t('dashboard.limits.change'),
      render: (proposal) => {
        const now = proposal.status === 'pending' ? nowOf(proposal.accountType) : undefined;
        return (
          <span className="max-md:text-right">
            <ChangeLine label={t('dashboard.limits.perTransfer')} proposed={proposal.perTransfer} now={now?.perTransfer} />
            <ChangeLine label={t('dashboard.limits.perDay')} proposed={proposal.perDay} now={now?.perDay} />
          </span>
        );
      },
    },
    { label: t('dashboard.limits.reason'), className: 'text-sm md:min-w-36 md:max-w-56 wrap-break-word', render: (proposal) => proposal.reason },
    {
      label: t('dashboard.limits.proposedBy'),
      className: 'text-sm',
      render: (proposal) => (
        <span className="max-md:text-right">
          <span className="block">{proposal.proposedByUserId === user?.id ? t('dashboard.limits.you') : proposal.proposedBy}</span>
          <time dateTime={proposal.proposedAt} className="block whitespace-nowrap text-xs text-base-content/70">
            {formatDateTime(proposal.proposedAt)}
          </time>
        </span>
      ),
    },
    {
      label: t('dashboard.limits.status'),
      render: (proposal) => (
        <span className="max-md:text-right">
          <StatusBadge status={proposal.status} label={t(`dashboard.statuses.${proposal.status}`, { defaultValue: proposal.status })} nowrap />
          {proposal.decidedBy ? <span className="block text-xs text-base-content/70">{t('dashboard.limits.decidedBy', { name: proposal.decidedBy })}</span> : null}
          {proposal.status === 'pending' && proposal.proposedByUserId === user?.id ? <span className="block text-xs text-base-content/70">{t('dashboard.limits.waitingForColleague')}</span> : null}
        </span>
      ),
    },
  ];

  return (
    <RequestListPage descriptor={{ ...proposalList, columns, decisions }}>
      <CurrentLimits query={limits} />
      <ProposeForm limits={limits.data} />
      <h2 className="mb-3 text-xl font-bold">{t('dashboard.limits.proposalsTitle')}</h2>
    </RequestListPage>
  );
}
