import { useState } from 'react';
import { Link, useParams } from 'react-router';
import type { DpsDetailAnswer, DpsEarlyClosureQuoteAnswer, DpsInstalmentState } from '../../../../shared/schemas/deposit-schemes';
import { ConfirmStep } from '../../../components/ui/confirm-step';
import { FormError } from '../../../components/ui/form-error';
import { OperationNotice } from '../../../components/ui/operation-notice';
import { OperationReceipt } from '../../../components/ui/operation-receipt';
import { PageHeader } from '../../../components/ui/page-header';
import { QueryState } from '../../../components/ui/query-state';
import { StatusBadge, type StatusTone } from '../../../components/ui/status-badge';
import { errorMessage } from '../../../lib/error-message';
import { formatBdt, formatCount, formatDate, formatDigits, formatPercent } from '../../../lib/format';
import { useSafeOperation } from '../../../lib/use-safe-operation';
import { useTranslation } from '../../../lib/use-translation';
import { closeDpsEarly, quoteDpsEarlyClosure, useDps } from '../api/deposit-schemes';
import { useRefreshBanking } from '../api/money';

const percent = (basisPoints: number) => formatPercent(basisPoints / 100);
const bdt = (poisha: string | null) => formatBdt(BigInt(poisha ?? '0'));

/** The badges' colours by what an instalment's state means to the saver: taken, waiting, being tried, lost, never to be taken. */
const stateTone: Record<DpsInstalmentState, StatusTone> = { paid: 'in-force', due: 'finished', retrying: 'waiting', missed: 'refused', stopped: 'finished' };

function Facts({ rows }: { rows: ReadonlyArray<readonly [string, string]> }) {
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-base-content/80">{label}</dt>
          <dd className="text-right font-semibold sm:text-left">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Every instalment with its due day, state and amount: a table on a wide screen, a list on a phone, which has no room for the columns. */
function Instalments({ scheme }: { scheme: DpsDetailAnswer }) {
  const { t } = useTranslation();
  const amount = bdt(scheme.instalmentPoisha);
  const badge = (state: DpsInstalmentState) => <StatusBadge status={state} tone={stateTone[state]} label={t(`dps.states.${state}`)} />;
  return (
    <section aria-labelledby="dps-instalments-title" className="flex flex-col gap-2">
      <h2 id="dps-instalments-title" className="text-lg font-semibold">
        {t('dps.instalmentsTitle')}
      </h2>
      <div className="hidden overflow-x-auto sm:block">
        <table className="table table-sm" data-testid="dps-instalments">
          <thead>
            <tr>
              <th scope="col">{t('dps.number')}</th>
              <th scope="col">{t('dps.dueDay')}</th>
              <th scope="col">{t('dps.state')}</th>
              <th scope="col" className="text-right">
                {t('dps.amount')}
              </th>
            </tr>
          </thead>
          <tbody>
            {scheme.instalments.map((instalment) => (
              <tr key={instalment.number}>
                <td>{formatCount(instalment.number)}</td>
                <td>
                  {formatDate(instalment.dueDay)}
                  {instalment.paidDay !== null && instalment.paidDay !== instalment.dueDay && (
                    <span className="block text-xs text-base-content/80">{t('dps.paidDay', { day: formatDate(instalment.paidDay) })}</span>
                  )}
                </td>
                <td>{badge(instalment.state)}</td>
                <td className="text-right tabular-nums whitespace-nowrap">{amount}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ol className="divide-y divide-base-200 sm:hidden" data-testid="dps-instalments-phone">
        {scheme.instalments.map((instalment) => (
          <li key={instalment.number} className="flex items-center justify-between gap-3 py-2">
            <span className="min-w-0">
              <span className="block font-medium">{t('dps.instalmentNumber', { number: instalment.number })}</span>
              <span className="block text-sm text-base-content/80">{formatDate(instalment.dueDay)}</span>
            </span>
            <span className="flex flex-col items-end gap-1">
              <span className="whitespace-nowrap font-semibold tabular-nums">{amount}</span>
              {badge(instalment.state)}
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}

function EarlyClosure({ scheme }: { scheme: DpsDetailAnswer }) {
  const { t } = useTranslation();
  const refresh = useRefreshBanking();
  const [quote, setQuote] = useState<DpsEarlyClosureQuoteAnswer | null>(null);
  const [error, setError] = useState<string | null>(null);
  const operation = useSafeOperation<{ id: string }, Awaited<ReturnType<typeof closeDpsEarly>>>({ send: (values, key) => closeDpsEarly(values.id, key), onDone: refresh });
  const { state } = operation;
  const ask = async () => {
    setError(null);
    try {
      setQuote(await quoteDpsEarlyClosure(scheme.id));
      operation.ask({ id: scheme.id });
    } catch (caught) {
      setError(errorMessage(caught, t));
    }
  };
  if (state.phase === 'done') {
    const { closure } = state.answer;
    return (
      <OperationReceipt
        title={t('dps.closed')}
        reference={state.answer.reference}
        details={[
          [t('dps.paidInSoFar'), bdt(closure.depositedPoisha)],
          [t('dps.interest'), bdt(closure.interestPoisha)],
          [t('dps.sourceTax', { percent: formatDigits(String(closure.taxPercent)) }), bdt(closure.taxPoisha)],
          [t('dps.credited'), bdt(closure.paidPoisha)],
          [t('banking.accountNumber'), scheme.accountId],
        ]}
      >
        <Link to="/dps" className="btn btn-primary">
          {t('dps.backToList')}
        </Link>
      </OperationReceipt>
    );
  }
  // Kept mounted after the closure: the scheme read again is closed, and the receipt must stay.
  if (scheme.status !== 'active' && scheme.status !== 'defaulted') return null;
  return (
    <div className="flex flex-col gap-3">
      <h2 className="text-lg font-semibold">{t('dps.closeTitle')}</h2>
      <p className="text-sm">{t('dps.closeIntro', { rate: percent(scheme.earlyRateBasisPoints) })}</p>
      {state.phase === 'confirming' || operation.busy ? (
        quote && (
          <ConfirmStep id="dps-close" confirmLabel={t('dps.closeConfirm')} busy={operation.busy} onConfirm={operation.confirm} onCancel={operation.cancel}>
            <p className="mb-2 font-semibold">{t('dps.closeQuestion')}</p>
            <Facts
              rows={[
                [t('dps.paidInSoFar'), bdt(quote.closure.depositedPoisha)],
                [t('dps.interest'), bdt(quote.closure.interestPoisha)],
                [t('dps.sourceTax', { percent: formatDigits(String(quote.closure.taxPercent)) }), bdt(quote.closure.taxPoisha)],
                [t('dps.credited'), bdt(quote.closure.paidPoisha)],
                [t('dps.atSchemeRate'), bdt(quote.atSchemeRate.paidPoisha)],
                [t('dps.forgone'), bdt(quote.forgonePoisha)],
                [t('dps.fullTerm'), bdt(scheme.maturity.paidPoisha)],
              ]}
            />
          </ConfirmStep>
        )
      ) : (
        <button type="button" className="btn btn-outline btn-error self-start" onClick={() => void ask()}>
          {t('dps.close')}
        </button>
      )}
      <FormError message={error} />
      <OperationNotice state={state} checking={t('dps.checking')} unknown={t('dps.unknown')} onCheckAgain={operation.checkAgain} />
    </div>
  );
}

function SchemeFacts({ scheme }: { scheme: DpsDetailAnswer }) {
  const { t } = useTranslation();
  const ended = scheme.paidPoisha !== null;
  const paidCount = scheme.instalments.filter((instalment) => instalment.state === 'paid').length;
  return (
    <Facts
      rows={[
        [t('dps.status'), t(`dps.statuses.${scheme.status}`)],
        [t('dps.reference'), scheme.reference],
        [t('banking.accountNumber'), scheme.accountId],
        [t('dps.instalmentAmount'), bdt(scheme.instalmentPoisha)],
        [t('dps.dayOfMonth'), t('dps.everyMonth', { day: scheme.dayOfMonth })],
        [t('dps.term'), t('dps.years', { count: scheme.termYears })],
        [t('dps.rate'), percent(scheme.annualRateBasisPoints)],
        [t('dps.paidSoFar'), t('dps.paidOf', { paid: paidCount, total: scheme.instalments.length })],
        [t('dps.missedCount'), formatCount(scheme.missedCount)],
        [t('dps.openingDay'), formatDate(scheme.openingDay)],
        [t('dps.maturityDay'), formatDate(scheme.maturityDay)],
        ...(scheme.closedDay === null ? [] : [[t('dps.paidOnDay'), formatDate(scheme.closedDay)] as const]),
        [t('dps.interest'), bdt(scheme.interestPoisha ?? scheme.maturity.interestPoisha)],
        [t('dps.sourceTax', { percent: formatDigits(String(scheme.maturity.taxPercent)) }), bdt(scheme.taxPoisha ?? scheme.maturity.taxPoisha)],
        [ended ? t('dps.paid') : t('dps.atMaturity'), bdt(scheme.paidPoisha ?? scheme.maturity.paidPoisha)],
        [t('dps.nominee'), `${scheme.nomineeName} (${t(`openAccount.relations.${scheme.nomineeRelation}`)})`],
      ]}
    />
  );
}

/** One DPS: its figures, every instalment and its state, and closing it early. */
export default function DepositSchemePage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const scheme = useDps(id);
  return (
    <section className="mx-auto flex max-w-3xl flex-col gap-6">
      <PageHeader title={t('dps.detailTitle')} />
      <QueryState query={scheme} isEmpty={() => false} notFound={<p className="rounded-box border border-dashed border-base-300 p-6 text-center">{t('dps.notFound')}</p>}>
        {(dps) => (
          <div className="card border border-base-300 bg-base-100 shadow-sm">
            <div className="card-body gap-5">
              <SchemeFacts scheme={dps} />
              <EarlyClosure scheme={dps} />
              <Instalments scheme={dps} />
            </div>
          </div>
        )}
      </QueryState>
      <Link to="/dps" className="link">
        {t('dps.backToList')}
      </Link>
    </section>
  );
}
