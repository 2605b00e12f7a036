import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { z } from 'zod';
import { cardTypeSlugs } from '../../../../shared/constants';
import type { AccountAnswer } from '../../../../shared/schemas/banking-answers';
import { describedBy, FormField } from '../../../components/ui/form-field';
import { ApiError } from '../../../lib/api-client';
import { useRequestCard } from '../api/money';
import { AccountPage } from '../components/account-page';

const formSchema = z.object({ card: z.enum(cardTypeSlugs, { error: 'Please select the Account Type' }) });

function CardRequestForm({ account }: { account: AccountAnswer }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const requestCard = useRequestCard();
  const form = useForm<z.input<typeof formSchema>>({ resolver: zodResolver(formSchema) });
  const { errors, isSubmitting } = form.formState;
  const readOnly: Array<[string, string, string]> = [
    ['card-name', t('cardRequest.name'), account.user],
    ['card-email', t('cardRequest.email'), account.email],
    ['card-phone', t('cardRequest.phone'), account.phone],
    ['card-nid', t('cardRequest.nid'), account.nid],
    ['card-accNum', t('cardRequest.accNum'), account._id],
  ];

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await requestCard.mutateAsync({ card: values.card, accNum: account._id });
      toast.success(t('cardRequest.success'));
      await navigate('/myAccounts');
    } catch (error) {
      toast.error(error instanceof ApiError && error.status < 500 ? error.message : t('banking.actionFailed'));
    }
  });

  return (
    <form className="card border border-base-300 bg-base-100 shadow-sm" onSubmit={onSubmit} noValidate>
      <div className="card-body grid gap-4 sm:grid-cols-2">
        <fieldset className="sm:col-span-2">
          <legend className="mb-2 text-sm font-medium">{t('cardRequest.cardType')}</legend>
          <div className="grid gap-3 sm:grid-cols-2" {...describedBy('card-type', errors.card?.message)}>
            {cardTypeSlugs.map((slug) => (
              <label key={slug} className="flex cursor-pointer items-center gap-3 rounded-box border border-base-300 p-4 has-[:checked]:border-primary has-[:checked]:bg-primary/5">
                <input type="radio" className="radio radio-primary" value={slug} {...form.register('card')} />
                <span className="font-semibold">{t(slug === 'debit' ? 'cardRequest.debit' : 'cardRequest.credit')}</span>
              </label>
            ))}
          </div>
          {errors.card?.message ? (
            <p id="card-type-error" role="alert" className="mt-1 text-sm text-error">
              {errors.card.message}
            </p>
          ) : null}
        </fieldset>
        {readOnly.map(([id, label, value]) => (
          <FormField key={id} id={id} label={label}>
            <input id={id} className="input w-full" value={value} readOnly aria-readonly="true" />
          </FormField>
        ))}
        <div className="sm:col-span-2">
          <button type="submit" className="btn btn-primary w-full sm:w-auto" disabled={isSubmitting}>
            {t('cardRequest.submit')}
          </button>
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
