import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { type FdrAnswer, type FdrEncashmentQuoteAnswer, fdrInstructions } from '../../../../shared/schemas/fixed-deposits';
import { ConfirmStep } from '../../../components/ui/confirm-step';
import { FormError } from '../../../components/ui/form-error';
import { OperationNotice } from '../../../components/ui/operation-notice';
import { OperationReceipt } from '../../../components/ui/operation-receipt';
import { PageHeader } from '../../../components/ui/page-header';
import { QueryState } from '../../../components/ui/query-state';
import { errorMessage } from '../../../lib/error-message';
import { formatBdt, formatDate, formatDigits } from '../../../lib/format';
import { useSafeOperation } from '../../../lib/use-safe-operation';
import { useTranslation } from '../../../lib/use-translation';
import { bankingKeys } from '../api/accounts';
import { changeFdrInstruction, encashFdr, quoteEncashment, useFdr } from '../api/fixed-deposits';
import { useRefreshBanking } from '../api/money';

const percent = (basisPoints: number) => `${formatDigits((basisPoints / 100).toFixed(2))} %`;
const bdt = (poisha: string | null) => formatBdt(BigInt(poisha ?? '0'));

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

function InstructionForm({ deposit }: { deposit: FdrAnswer }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [choice, setChoice] = useState(deposit.instruction);
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const save = async () => {
    setBusy(true);
    setMessage(null);
    try {
      await changeFdrInstruction(deposit.id, choice);
      await queryClient.invalidateQueries({ queryKey: bankingKeys.all });
      setMessage(t('fdr.instructionSaved'));
    } catch (caught) {
      setMessage(errorMessage(caught, t));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="flex flex-col gap-2">
      <label htmlFor="fdr-instruction" className="font-semibold">
        {t('fdr.instruction')}
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <select id="fdr-instruction" className="select w-full" value={choice} onChange={(event) => setChoice(event.target.value as FdrAnswer['instruction'])} disabled={busy}>
          {fdrInstructions.map((instruction) => (
            <option key={instruction} value={instruction}>
              {t(`fdr.instructions.${instruction}`)}
            </option>
          ))}
        </select>
        <button type="button" className="btn btn-outline" onClick={() => void save()} disabled={busy || choice === deposit.instruction}>
          {t('fdr.saveInstruction')}
        </button>
      </div>
      {message && (
        <p role="status" className="text-sm">
          {message}
        </p>
      )}
    </div>
  );
}

function Encashment({ deposit }: { deposit: FdrAnswer }) {
  const { t } = useTranslation();
  const refresh = useRefreshBanking();
  const [quote, setQuote] = useState<FdrEncashmentQuoteAnswer | null>(null);
  const [error, setError] = useState<string | null>(null);
  const operation = useSafeOperation<{ id: string }, Awaited<ReturnType<typeof encashFdr>>>({ send: (values, key) => encashFdr(values.id, key), onDone: refresh });
  const { state } = operation;
  const ask = async () => {
    setError(null);
    try {
      setQuote(await quoteEncashment(deposit.id));
      operation.ask({ id: deposit.id });
    } catch (caught) {
      setError(errorMessage(caught, t));
    }
  };
  if (state.phase === 'done') {
    return (
      <OperationReceipt
        title={t('fdr.encashed')}
        reference={state.answer.reference}
        details={[
          [t('fdr.interest'), bdt(state.answer.encashment.interestPoisha)],
          [t('fdr.sourceTax', { percent: formatDigits(String(state.answer.encashment.taxPercent)) }), bdt(state.answer.encashment.taxPoisha)],
          [t('fdr.credited'), bdt(state.answer.encashment.paidPoisha)],
          [t('banking.accountNumber'), deposit.accountId],
        ]}
      >
        <Link to="/fdr" className="btn btn-primary">
          {t('fdr.backToList')}
        </Link>
      </OperationReceipt>
    );
  }
  // Kept mounted after the encashment: the deposit read again is no longer active, and the receipt must stay.
  if (deposit.status !== 'active') return null;
  return (
    <div className="flex flex-col gap-3">
      <h2 className="text-lg font-semibold">{t('fdr.encashTitle')}</h2>
      <p className="text-sm">{t('fdr.encashIntro', { rate: percent(deposit.prematureRateBasisPoints) })}</p>
      {state.phase === 'confirming' || operation.busy ? (
        quote && (
          <ConfirmStep id="fdr-encash" confirmLabel={t('fdr.encashConfirm')} busy={operation.busy} onConfirm={operation.confirm} onCancel={operation.cancel}>
            <p className="mb-2 font-semibold">{t('fdr.encashQuestion')}</p>
            <Facts
              rows={[
                [t('fdr.daysHeld'), formatDigits(String(quote.encashment.days))],
                [t('fdr.interest'), bdt(quote.encashment.interestPoisha)],
                [t('fdr.sourceTax', { percent: formatDigits(String(quote.encashment.taxPercent)) }), bdt(quote.encashment.taxPoisha)],
                [t('fdr.credited'), bdt(quote.encashment.paidPoisha)],
                [t('fdr.atMaturity'), bdt(quote.fullTerm.paidPoisha)],
                [t('fdr.forgone'), bdt(quote.forgonePoisha)],
              ]}
            />
          </ConfirmStep>
        )
      ) : (
        <button type="button" className="btn btn-outline btn-error self-start" onClick={() => void ask()}>
          {t('fdr.encash')}
        </button>
      )}
      <FormError message={error} />
      <OperationNotice state={state} checking={t('fdr.checking')} unknown={t('fdr.unknown')} onCheckAgain={operation.checkAgain} />
    </div>
  );
}

/** One FDR: its schedule and figures, its maturity instruction (changeable until the day before), and early encashment. */
export default function FixedDepositPage() {
  const { t, i18n } = useTranslation();
  const { id = '' } = useParams();
  const deposit = useFdr(id);
  return (
    <section className="mx-auto flex max-w-3xl flex-col gap-6">
      <PageHeader title={t('fdr.detailTitle')} />
      <QueryState query={deposit} notFound={<p className="rounded-box border border-dashed border-base-300 p-6 text-center">{t('fdr.notFound')}</p>}>
        {(fdr) => (
          <div className="card border border-base-300 bg-base-100 shadow-sm">
            <div className="card-body gap-5">
              <Facts
                rows={[
                  [t('fdr.status'), t(`fdr.statuses.${fdr.status}`)],
                  [t('fdr.reference'), fdr.reference],
                  [t('banking.accountNumber'), fdr.accountId],
                  [t('fdr.principal'), bdt(fdr.principalPoisha)],
                  [t('fdr.term'), t('fdr.months', { count: fdr.termMonths })],
                  [t('fdr.rate'), percent(fdr.annualRateBasisPoints)],
                  [t('fdr.openingDay'), formatDate(fdr.openingDay)],
                  [t('fdr.maturityDay'), formatDate(fdr.maturityDay)],
                  [t('fdr.interest'), bdt(fdr.interestPoisha ?? fdr.maturity.interestPoisha)],
                  [t('fdr.sourceTax', { percent: formatDigits(String(fdr.maturity.taxPercent)) }), bdt(fdr.taxPoisha ?? fdr.maturity.taxPoisha)],
                  [fdr.status === 'active' ? t('fdr.atMaturity') : t('fdr.paid'), bdt(fdr.paidPoisha ?? fdr.maturity.paidPoisha)],
                  [t('fdr.nominee'), `${fdr.nomineeName} (${t(`openAccount.relations.${fdr.nomineeRelation}`)})`],
                ]}
              />
              <a className="btn btn-outline self-start" href={`/api/fdr/${encodeURIComponent(fdr.id)}/certificate?language=${i18n.language}`} download>
                {t('fdr.certificate')}
              </a>
              {fdr.status === 'active' && <InstructionForm deposit={fdr} />}
              <Encashment deposit={fdr} />
            </div>
          </div>
        )}
      </QueryState>
      <Link to="/fdr" className="link">
        {t('fdr.backToList')}
      </Link>
    </section>
  );
}
