import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { accountTypeSlugs } from '../../../../shared/constants';
import { poishaToDecimalString } from '../../../../shared/money';
import {
  interestTermsProposalSchema,
  postingFrequencies,
  rateTiersMax,
  type InterestTermsAnswer,
  type RateTierAnswer,
  type TermsProposalAnswer,
  type TermsProposedAnswer,
} from '../../../../shared/schemas/interest-terms';
import { ConfirmStep } from '../../../components/ui/confirm-step';
import { describedBy, FormField } from '../../../components/ui/form-field';
import { OperationNotice } from '../../../components/ui/operation-notice';
import { PageHeader } from '../../../components/ui/page-header';
import { QueryState } from '../../../components/ui/query-state';
import { applyServerErrors } from '../../../lib/form-errors';
import { formatBdt, formatBdtNumber, formatDate, formatDateTime, formatDigits, formatPercent } from '../../../lib/format';
import { formatAccountType } from '../../../lib/format-account-type';
import { useSession } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { useSafeOperation } from '../../../lib/use-safe-operation';
import { useTranslation } from '../../../lib/use-translation';
import { sendTermsProposal, useFdrProducts, useInterestTerms, useTermsActions, useTermsProposals } from '../api/interest-terms';
import { ConfirmDialog, type ConfirmRequest } from '../components/confirm-dialog';
import { proposalDecision } from '../components/proposal-decision';
import { ListFailure } from '../components/list-failure';
import { StatusBadge } from '../../../components/ui/status-badge';
import { ProductRatesSection } from '../components/product-rate-sheets';

/** "2.50 % from 0.00 BDT · 3.00 % from 10,00,000.00 BDT": a version's tiers on one line each. */
function Tiers({ tiers }: { tiers: readonly RateTierAnswer[] }) {
  const { t } = useTranslation();
  return (
    <ul className="text-sm">
      {tiers.map((tier) => (
        <li key={tier.balanceMin} className="tabular-nums">
          {t('dashboard.rates.tierLine', { rate: formatPercent(tier.annualRatePercent), from: formatBdtNumber(tier.balanceMin) })}
        </li>
      ))}
    </ul>
  );
}

/** One account type's versions, newest first: the one in force, any scheduled, and the history. */
function TermsOfType({ versions }: { versions: InterestTermsAnswer[] }) {
  const { t } = useTranslation();
  const first = versions[0];
  if (!first) return null;
  return (
    <li className="rounded-box border border-base-300 bg-base-100 p-4" data-testid={`terms-${first.accountType}`}>
      <h3 className="font-semibold">{formatAccountType(first.accountType)}</h3>
      <ol className="mt-2 flex flex-col gap-3">
        {versions.map((version) => (
          <li key={version.id} className="border-t border-base-200 pt-2 first:border-t-0 first:pt-0" data-testid="terms-version">
            <p className="flex flex-wrap items-center gap-2 text-sm">
              <StatusBadge status={version.state} label={t(`dashboard.rates.states.${version.state}`)} />
              <span>{t('dashboard.rates.from', { date: formatDate(version.effectiveFrom) })}</span>
              <span className="text-base-content/70">· {t(`dashboard.rates.postings.${version.posting}`)}</span>
            </p>
            <Tiers tiers={version.tiers} />
            <p className="text-xs text-base-content/70">
              {version.balanceToEarnMin > 0 ? t('dashboard.rates.earnsFrom', { amount: formatBdtNumber(version.balanceToEarnMin) }) : null}
              {version.approvedBy ? ` · ${t('dashboard.rates.approvedBy', { proposer: version.proposedBy ?? '', approver: version.approvedBy })}` : ''}
            </p>
          </li>
        ))}
      </ol>
    </li>
  );
}

function TermsInForce() {
  const { t } = useTranslation();
  const terms = useInterestTerms();
  return (
    <section aria-labelledby="terms-title" className="mb-8">
      <h2 id="terms-title" className="mb-1 text-xl font-bold">
        {t('dashboard.rates.termsTitle')}
      </h2>
      <QueryState query={terms} failure={(error, retry) => <ListFailure error={error} onRetry={retry} />}>
        {(list) => (
          <>
            <p className="mb-3 text-sm text-base-content/80">{t('dashboard.rates.businessDate', { date: formatDate(list.businessDate) })}</p>
            <ul className="grid gap-3 md:grid-cols-2 xl:grid-cols-3">
              {accountTypeSlugs.map((slug) => (
                <TermsOfType key={slug} versions={list.versions.filter((version) => version.accountType === slug)} />
              ))}
            </ul>
          </>
        )}
      </QueryState>
    </section>
  );
}

/**
 * The FDR terms offered today with their minimum deposits, as the customer's FDR screen quotes them.
 * A rate sheet sets one minimum for every term: then it is said once under the table, which keeps
 * three columns that fit a phone; minimums that differ by term (rows the bank opened with could)
 * get a column of their own.
 */
function FdrOfferedToday() {
  const { t } = useTranslation();
  const products = useFdrProducts();
  return (
    <QueryState query={products} failure={(error, retry) => <ListFailure error={error} onRetry={retry} />}>
      {({ products: list }) => {
        const minimums = new Set(list.map((product) => product.principalPoishaMin));
        const oneMinimum = minimums.size === 1 ? list[0]?.principalPoishaMin : undefined;
        return (
          <div className="mb-4">
            <h3 id="fdr-today-title" className="mb-2 font-semibold">
              {t('dashboard.rates.fdrTitle')}
            </h3>
            {/* A narrow screen may still scroll the table sideways: the region takes focus so that a keyboard can scroll it too. */}
            <div className="overflow-x-auto rounded-box border border-base-300 bg-base-100" tabIndex={0} role="region" aria-labelledby="fdr-today-title">
              <table className="table table-sm" data-testid="fdr-rates-table">
                <thead>
                  <tr>
                    <th>{t('dashboard.rates.term')}</th>
                    <th className="text-right">{t('dashboard.rates.rate')}</th>
                    <th className="text-right">{t('dashboard.rates.premature')}</th>
                    {oneMinimum === undefined && <th className="text-right">{t('dashboard.rates.minimum')}</th>}
                  </tr>
                </thead>
                <tbody>
                  {list.map((product) => (
                    <tr key={product.termMonths}>
                      <td>{t('dashboard.rates.months', { count: product.termMonths, months: formatDigits(String(product.termMonths)) })}</td>
                      <td className="text-right tabular-nums">{formatPercent(product.annualRateBasisPoints / 100)}</td>
                      <td className="text-right tabular-nums">{formatPercent(product.prematureRateBasisPoints / 100)}</td>
                      {oneMinimum === undefined && <td className="whitespace-nowrap text-right tabular-nums">{formatBdtNumber(Number(product.principalPoishaMin) / 100)}</td>}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            {oneMinimum !== undefined && (
              <p className="mt-2 text-sm tabular-nums" data-testid="fdr-minimum">
                {t('dashboard.productRates.amounts.fdr', { min: formatBdt(BigInt(oneMinimum)) })}
              </p>
            )}
          </div>
        );
      }}
    </QueryState>
  );
}

type FormInput = z.input<typeof interestTermsProposalSchema>;
type FormOutput = z.output<typeof interestTermsProposalSchema>;
const emptyTier = { balanceMin: '', annualRatePercent: '' };

/** The form to propose new terms for one type from a later business date; another staff member must approve. */
function ProposeForm() {
  const { t } = useTranslation();
  const { refresh } = useTermsActions();
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(interestTermsProposalSchema),
    defaultValues: { accountType: 'savings', effectiveFrom: '', posting: 'half-yearly', balanceToEarnMin: '', tiers: [{ balanceMin: '0', annualRatePercent: '' }], reason: '' },
  });
  const tiers = useFieldArray({ control: form.control, name: 'tiers' as never });
  const { errors } = form.formState;
  const tierError = (index: number, field: 'balanceMin' | 'annualRatePercent') => errors.tiers?.[index]?.[field]?.message;
  const proposal = useSafeOperation<FormOutput, TermsProposedAnswer>({
    send: (values, key) =>
      sendTermsProposal(
        {
          accountType: values.accountType,
          effectiveFrom: values.effectiveFrom,
          posting: values.posting,
          balanceToEarnMin: poishaToDecimalString(values.balanceToEarnMin),
          tiers: values.tiers.map((tier) => ({ balanceMin: poishaToDecimalString(tier.balanceMin), annualRatePercent: (tier.annualRatePercent / 100).toFixed(2) })),
          reason: values.reason,
        },
        key,
      ),
    onDone: async () => {
      toast.success(t('dashboard.rates.proposed'));
      form.reset();
      proposal.reset();
      await refresh();
    },
    onRefused: (caught) => applyServerErrors(caught, form.setError, ['accountType', 'effectiveFrom', 'posting', 'balanceToEarnMin', 'tiers', 'reason']),
  });
  const { state } = proposal;
  const confirming = state.phase === 'confirming' || proposal.busy;
  const summary = (values: FormOutput) =>
    t('dashboard.rates.confirm', {
      type: formatAccountType(values.accountType),
      date: formatDate(values.effectiveFrom),
      tiers: values.tiers.map((tier) => t('dashboard.rates.tierLine', { rate: formatPercent(tier.annualRatePercent / 100), from: formatBdtNumber(Number(tier.balanceMin) / 100) })).join('; '),
    });

  return (
    <section aria-labelledby="propose-terms" className="card mb-8 border border-base-300 bg-base-100 shadow-sm">
      <form className="card-body gap-4 p-4 sm:p-6" onSubmit={form.handleSubmit((values) => proposal.ask(values))} noValidate data-testid="propose-terms-form">
        <div>
          <h2 id="propose-terms" className="card-title text-lg">
            {t('dashboard.rates.proposeTitle')}
          </h2>
          <p className="text-sm text-base-content/80">{t('dashboard.rates.proposeIntro')}</p>
        </div>
        <fieldset className="grid gap-4 md:grid-cols-2" disabled={confirming}>
          <FormField id="terms-type" label={t('dashboard.rates.accountType')} error={errors.accountType?.message}>
            <select className="select w-full" {...describedBy('terms-type', errors.accountType?.message)} {...form.register('accountType')}>
              {accountTypeSlugs.map((slug) => (
                <option key={slug} value={slug}>
                  {formatAccountType(slug)}
                </option>
              ))}
            </select>
          </FormField>
          <FormField id="terms-effective" label={t('dashboard.rates.effectiveFrom')} error={errors.effectiveFrom?.message}>
            <input type="date" className="input w-full" {...describedBy('terms-effective', errors.effectiveFrom?.message)} {...form.register('effectiveFrom')} />
          </FormField>
          <FormField id="terms-posting" label={t('dashboard.rates.posting')} error={errors.posting?.message}>
            <select className="select w-full" {...describedBy('terms-posting', errors.posting?.message)} {...form.register('posting')}>
              {postingFrequencies.map((posting) => (
                <option key={posting} value={posting}>
                  {t(`dashboard.rates.postings.${posting}`)}
                </option>
              ))}
            </select>
          </FormField>
          <FormField id="terms-earn-min" label={t('dashboard.rates.balanceToEarnMin')} error={errors.balanceToEarnMin?.message}>
            <input className="input w-full" inputMode="decimal" autoComplete="off" {...describedBy('terms-earn-min', errors.balanceToEarnMin?.message)} {...form.register('balanceToEarnMin')} />
          </FormField>
          <div className="md:col-span-2">
            <p className="mb-2 text-sm font-medium">{t('dashboard.rates.tiers')}</p>
            {errors.tiers?.message ? <p className="mb-2 text-sm text-error">{errors.tiers.message}</p> : null}
            <ol className="flex flex-col gap-3">
              {tiers.fields.map((field, index) => (
                <li key={field.id} className="grid grid-cols-[1fr_1fr_auto] items-start gap-2" data-testid="tier-row">
                  <FormField id={`tier-${index}-from`} label={t('dashboard.rates.tierFrom')} error={tierError(index, 'balanceMin')}>
                    <input
                      className="input w-full"
                      inputMode="decimal"
                      autoComplete="off"
                      {...describedBy(`tier-${index}-from`, tierError(index, 'balanceMin'))}
                      {...form.register(`tiers.${index}.balanceMin`)}
                    />
                  </FormField>
                  <FormField id={`tier-${index}-rate`} label={t('dashboard.rates.tierRate')} error={tierError(index, 'annualRatePercent')}>
                    <input
                      className="input w-full"
                      inputMode="decimal"
                      autoComplete="off"
                      {...describedBy(`tier-${index}-rate`, tierError(index, 'annualRatePercent'))}
                      {...form.register(`tiers.${index}.annualRatePercent`)}
                    />
                  </FormField>
                  <button
                    type="button"
                    className="btn btn-ghost btn-sm mt-7"
                    disabled={tiers.fields.length === 1}
                    onClick={() => tiers.remove(index)}
                    aria-label={t('dashboard.rates.removeTier', { index: index + 1 })}
                  >
                    ✕
                  </button>
                </li>
              ))}
            </ol>
            <button type="button" className="btn btn-outline btn-sm mt-2" disabled={tiers.fields.length >= rateTiersMax} onClick={() => tiers.append(emptyTier as never)}>
              {t('dashboard.rates.addTier')}
            </button>
          </div>
          <div className="md:col-span-2">
            <FormField id="terms-reason" label={t('dashboard.rates.reason')} error={errors.reason?.message}>
              <textarea className="textarea w-full" rows={2} {...describedBy('terms-reason', errors.reason?.message)} {...form.register('reason')} />
            </FormField>
          </div>
        </fieldset>
        <OperationNotice state={state} checking={t('dashboard.list.checking')} unknown={t('dashboard.list.unknown')} onCheckAgain={proposal.checkAgain} />
        {confirming && state.phase !== 'editing' ? (
          <ConfirmStep id="terms-confirm" confirmLabel={t('dashboard.rates.proposeConfirm')} busy={proposal.busy} onConfirm={proposal.confirm} onCancel={proposal.cancel}>
            {summary(state.values)}
          </ConfirmStep>
        ) : (
          <div>
            <button ref={proposal.openerRef} type="submit" className="btn btn-primary">
              {t('dashboard.rates.proposeButton')}
            </button>
          </div>
        )}
      </form>
    </section>
  );
}

function ProposalRow({ proposal, mine, onDecide }: { proposal: TermsProposalAnswer; mine: boolean; onDecide: (kind: 'approve' | 'decline') => void }) {
  const { t } = useTranslation();
  return (
    <li className="flex flex-wrap items-start justify-between gap-3 rounded-box border border-base-300 bg-base-100 p-4" data-testid="terms-proposal">
      <div className="min-w-0 flex-1 text-sm">
        <p className="flex flex-wrap items-center gap-2 text-base font-semibold">
          {formatAccountType(proposal.accountType)}
          <StatusBadge status={proposal.status} label={t(`dashboard.statuses.${proposal.status}`, { defaultValue: proposal.status })} nowrap />
        </p>
        <p>
          {t('dashboard.rates.from', { date: formatDate(proposal.effectiveFrom) })} · {t(`dashboard.rates.postings.${proposal.posting}`)}
        </p>
        <Tiers tiers={proposal.tiers} />
        <p className="text-xs text-base-content/70">{t('dashboard.rates.earnsFrom', { amount: formatBdtNumber(proposal.balanceToEarnMin) })}</p>
        <p className="wrap-anywhere">{proposal.reason}</p>
        <p className="text-xs text-base-content/70">
          {t('dashboard.rates.proposedBy', { name: mine ? t('dashboard.rates.you') : proposal.proposedBy, at: formatDateTime(proposal.proposedAt) })}
          {proposal.decidedBy ? ` · ${t('dashboard.rates.decidedBy', { name: proposal.decidedBy })}` : ''}
        </p>
        {proposal.declinedReason ? <p className="wrap-anywhere text-xs">{t('dashboard.rates.declinedReason', { reason: proposal.declinedReason })}</p> : null}
        {proposal.status === 'pending' && mine ? <p className="text-xs text-base-content/70">{t('dashboard.rates.waitingForColleague')}</p> : null}
      </div>
      {proposal.status === 'pending' ? (
        <div className="flex gap-2">
          {/* The proposer may withdraw the proposal, never approve it: a second member of staff must. */}
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

function Proposals() {
  const { t } = useTranslation();
  const { user } = useSession();
  const proposals = useTermsProposals();
  const { approve, decline } = useTermsActions();
  const [confirming, setConfirming] = useState<ConfirmRequest | null>(null);

  const ask = (proposal: TermsProposalAnswer, kind: 'approve' | 'decline') => {
    const values = { type: formatAccountType(proposal.accountType), date: formatDate(proposal.effectiveFrom), name: proposal.proposedBy };
    const facts = [
      ...proposal.tiers.map((tier) => ({ label: t('dashboard.rates.tierFromLabel', { from: formatBdtNumber(tier.balanceMin) }), value: formatPercent(tier.annualRatePercent) })),
      { label: t('dashboard.rates.posting'), value: t(`dashboard.rates.postings.${proposal.posting}`) },
      { label: t('dashboard.rates.balanceToEarnMin'), value: formatBdtNumber(proposal.balanceToEarnMin) },
      { label: t('dashboard.rates.reason'), value: proposal.reason, long: true },
    ];
    const words = {
      title: t(`dashboard.rates.${kind}Title`),
      body: t(`dashboard.rates.${kind}Body`, values),
      confirmLabel: t(`dashboard.rates.${kind}Confirm`),
      approved: t('dashboard.rates.approved'),
      declined: t('dashboard.rates.declined'),
      declineReason: { label: t('dashboard.rates.declineReason'), required: t('dashboard.rates.declineReasonRequired') },
    };
    setConfirming(
      proposalDecision({
        id: proposal.id,
        kind,
        words,
        facts,
        calls: { approve, decline },
      }),
    );
  };

  return (
    <section aria-labelledby="terms-proposals" className="mb-8">
      <h2 id="terms-proposals" className="mb-3 text-xl font-bold">
        {t('dashboard.rates.proposalsTitle')}
      </h2>
      <QueryState query={proposals} failure={(error, retry) => <ListFailure error={error} onRetry={retry} />} empty={<p className="text-base-content/80">{t('dashboard.rates.noProposals')}</p>}>
        {(list) => (
          <ul className="flex flex-col gap-3">
            {list.map((proposal) => (
              <ProposalRow key={proposal.id} proposal={proposal} mine={proposal.proposedByUserId === user?.id} onDecide={(kind) => ask(proposal, kind)} />
            ))}
          </ul>
        )}
      </QueryState>
      <ConfirmDialog request={confirming} onClose={() => setConfirming(null)} />
    </section>
  );
}

/**
 * The dashboard's Products and rates page: each account type's interest terms in force with their
 * history, the proposals of new terms (a colleague approves with a code from their authenticator
 * app, or declines with a reason) and the form to propose new terms; then the same for the FDR and
 * the DPS rate sheets (record 089).
 */
export default function ProductsAndRatesPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('dashboard.rates.title')} intro={t('dashboard.rates.intro')} />
      <TermsInForce />
      <Proposals />
      <ProposeForm />
      <ProductRatesSection scheme="fdr">
        <FdrOfferedToday />
      </ProductRatesSection>
      <ProductRatesSection scheme="dps" />
    </>
  );
}
