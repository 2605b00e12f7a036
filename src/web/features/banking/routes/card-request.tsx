import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../lib/use-translation';
import { Link, useParams } from 'react-router';
import type { z } from 'zod';
import { cardTypeSlugs } from '../../../../shared/constants';
import { cardRequestSchema } from '../../../../shared/schemas/banking';
import type { AccountAnswer } from '../../../../shared/schemas/banking-answers';
import { describedBy, FormField } from '../../../components/ui/form-field';
import { OperationNotice } from '../../../components/ui/operation-notice';
import { OperationReceipt } from '../../../components/ui/operation-receipt';
import { SubmitButton } from '../../../components/ui/submit-button';
import { messageInLanguage } from '../../../lib/i18n';
import { useSafeOperation } from '../../../lib/use-safe-operation';
import { type CardRequestAnswer, sendCardRequest, useRefreshBanking } from '../api/money';
import { AccountPage } from '../components/account-page';

/** The card request's own rule for the type; the account is the page's. */
const formSchema = cardRequestSchema.pick({ card: true });
type FormOutput = z.output<typeof formSchema>;

function CardRequestForm({ account }: { account: AccountAnswer }) {
  const { t } = useTranslation();
  const refresh = useRefreshBanking();
  const form = useForm<z.input<typeof formSchema>, unknown, FormOutput>({ resolver: zodResolver(formSchema) });
  const { errors } = form.formState;
  const requestCard = useSafeOperation<FormOutput, CardRequestAnswer>({
    send: (values, key) => sendCardRequest({ card: values.card, accNum: account._id }, key),
    onDone: refresh,
  });
  const { state } = requestCard;
  const cardName = (card: FormOutput['card']) => t(card === 'debit' ? 'cardRequest.debit' : 'cardRequest.credit');
  const readOnly: Array<[string, string, string]> = [
    ['card-name', t('cardRequest.name'), account.user],
    ['card-email', t('cardRequest.email'), account.email],
    ['card-phone', t('cardRequest.phone'), account.phone],
    ['card-nid', t('cardRequest.nid'), account.nid],
    ['card-accNum', t('cardRequest.accNum'), account._id],
  ];

  if (state.phase === 'done') {
    return (
      <OperationReceipt
        title={t('cardRequest.success')}
        reference={state.answer.insertedId}
        details={[
          [t('cardRequest.cardType'), cardName(state.values.card)],
          [t('cardRequest.accNum'), account._id],
        ]}
        note={t('cardRequest.receiptNote')}
      >
        <Link to="/myAccounts" className="btn btn-primary">
          {t('banking.backToAccounts')}
        </Link>
      </OperationReceipt>
    );
  }

  return (
    <form className="card border border-base-300 bg-base-100 shadow-sm" onSubmit={form.handleSubmit(requestCard.submit)} noValidate>
      <div className="card-body grid gap-4 sm:grid-cols-2">
        <fieldset className="sm:col-span-2" disabled={requestCard.busy}>
          <legend className="mb-2 text-sm font-medium">{t('cardRequest.cardType')}</legend>
          <div className="grid gap-3 sm:grid-cols-2" {...describedBy('card-type', errors.card?.message)}>
            {cardTypeSlugs.map((slug) => (
              <label key={slug} className="flex cursor-pointer items-center gap-3 rounded-box border border-base-300 p-4 has-[:checked]:border-primary has-[:checked]:bg-primary/5">
                <input type="radio" className="radio radio-primary" value={slug} {...form.register('card')} />
                <span className="font-semibold">{cardName(slug)}</span>
              </label>
            ))}
          </div>
          {errors.card?.message ? (
            <p id="card-type-error" role="alert" className="mt-1 text-sm text-error">
              {messageInLanguage(errors.card.message)}
            </p>
          ) : null}
        </fieldset>
        {readOnly.map(([id, label, value]) => (
          <FormField key={id} id={id} label={label}>
            <input id={id} className="input w-full" value={value} readOnly aria-readonly="true" />
          </FormField>
        ))}
        <div className="flex flex-col gap-4 sm:col-span-2">
          <OperationNotice state={state} checking={t('cardRequest.checking')} unknown={t('cardRequest.unknown')} onCheckAgain={requestCard.checkAgain} />
          <SubmitButton busy={requestCard.busy} label={t('cardRequest.submit')} className="w-full sm:w-auto sm:self-start" />
        </div>
      </div>
    </form>
  );
}

export default function CardRequestPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  return (
    <AccountPage accountId={id} title={t('cardRequest.title')} intro={t('cardRequest.intro')}>
      {(account) => <CardRequestForm account={account} />}
    </AccountPage>
  );
}
