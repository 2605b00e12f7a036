import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { payInDetails } from '../../../../shared/pay-in';
import { currentLanguage, formatDigits } from '../../../lib/i18n';

/** One detail to type into another app or form: shown in the reader's digits, copied in ASCII digits, as every app takes them. */
function CopyableDetail({ label, value, shown }: { label: string; value: string; shown?: string }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const display = shown ?? formatDigits(value);
  const copy = () => {
    // Absent outside a secure context (a bank's site served over plain HTTP by mistake), whatever the DOM's types declare.
    const clipboard = navigator.clipboard as Clipboard | undefined;
    void clipboard?.writeText(value).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  };
  return (
    <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 border-b border-base-200 py-2 last:border-b-0">
      <dt className="text-sm text-base-content/80">{label}</dt>
      <dd className="flex items-center gap-2">
        <span className="font-mono font-semibold wrap-anywhere">{display}</span>
        <button type="button" className="btn btn-ghost btn-xs" onClick={copy} aria-label={t('payIn.copyLabel', { label })}>
          {copied ? t('payIn.copied') : t('payIn.copy')}
        </button>
      </dd>
    </div>
  );
}

/**
 * How money reaches the bank before staff credit a deposit request: cash at a branch, a payment
 * from a bKash or Nagad wallet, or a transfer from another bank. The account number is the
 * reference in every way, so staff can match what arrives to the request.
 */
export function PayInWays({ accountId, holderName }: { accountId: string; holderName: string }) {
  const { t } = useTranslation();
  const language = currentLanguage() === 'bn' ? 'bn' : 'en';
  return (
    <section className="card border border-base-300 bg-base-100 shadow-sm" aria-labelledby="pay-in-title" data-testid="pay-in-ways">
      <div className="card-body gap-4">
        <div>
          <h2 id="pay-in-title" className="card-title text-lg">
            {t('payIn.title')}
          </h2>
          <p className="text-sm text-base-content/80">{t('payIn.intro')}</p>
        </div>
        <div className="grid gap-4 lg:grid-cols-3">
          <div className="rounded-box border border-base-300 p-3">
            <h3 className="font-semibold">{t('payIn.branchTitle')}</h3>
            <p className="mt-1 text-sm text-base-content/80">{t('payIn.branchSteps', { hours: payInDetails.branchHours[language] })}</p>
            <dl className="mt-2">
              <CopyableDetail label={t('payIn.reference')} value={accountId} />
            </dl>
          </div>
          <div className="rounded-box border border-base-300 p-3">
            <h3 className="font-semibold">{t('payIn.walletTitle')}</h3>
            <p className="mt-1 text-sm text-base-content/80">{t('payIn.walletSteps')}</p>
            <dl className="mt-2">
              <CopyableDetail label={t('payIn.bkashNumber')} value={payInDetails.bkashMerchantNumber} />
              <CopyableDetail label={t('payIn.nagadNumber')} value={payInDetails.nagadMerchantNumber} />
              <CopyableDetail label={t('payIn.reference')} value={accountId} />
            </dl>
          </div>
          <div className="rounded-box border border-base-300 p-3">
            <h3 className="font-semibold">{t('payIn.bankTitle')}</h3>
            <p className="mt-1 text-sm text-base-content/80">{t('payIn.bankSteps')}</p>
            <dl className="mt-2">
              <CopyableDetail label={t('payIn.bankName')} value={t('payIn.bankNameValue')} shown={t('payIn.bankNameValue')} />
              <CopyableDetail label={t('payIn.branch')} value={payInDetails.branchName.en} shown={payInDetails.branchName[language]} />
              <CopyableDetail label={t('payIn.routingNumber')} value={payInDetails.routingNumber} />
              <CopyableDetail label={t('payIn.accountNumber')} value={accountId} />
              <CopyableDetail label={t('payIn.accountName')} value={holderName} shown={holderName} />
            </dl>
          </div>
        </div>
        <p className="text-sm text-base-content/80">{t('payIn.afterwards')}</p>
      </div>
    </section>
  );
}
