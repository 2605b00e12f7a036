import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { z } from 'zod';
import { poishaToDecimalString } from '../../../../shared/money';
import { amountInPoisha } from '../../../../shared/schemas/amount';
import { describedBy, FormField } from '../../../components/ui/form-field';
import { applyServerErrors } from '../../../lib/form-errors';
import { useRequestDeposit } from '../api/money';
import { AccountPage } from '../components/account-page';

const formSchema = z.object({ depositAmount: amountInPoisha('Deposit amount') });

export default function DepositPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { id = '' } = useParams();
  const deposit = useRequestDeposit();
  const form = useForm<z.input<typeof formSchema>, unknown, z.output<typeof formSchema>>({ resolver: zodResolver(formSchema) });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await deposit.mutateAsync({ accNum: id, depositAmount: poishaToDecimalString(values.depositAmount) });
      toast.success(t('deposit.success'));
      await navigate('/myAccounts');
    } catch (error) {
      applyServerErrors(error, form.setError, ['depositAmount']);
      toast.error(t('banking.validationFailed'));
    }
  });

  return (
    <AccountPage accountId={id} title={t('deposit.title')} intro={t('deposit.intro')}>
      {() => (
        <form className="card border border-base-300 bg-base-100 shadow-sm" onSubmit={onSubmit} noValidate>
          <div className="card-body gap-4">
            <FormField id="deposit-account" label={t('banking.accountNumber')}>
              <input id="deposit-account" className="input w-full font-mono" value={id} readOnly aria-readonly="true" />
            </FormField>
            <FormField id="deposit-amount" label={t('deposit.amount')} error={errors.depositAmount?.message}>
              <input className="input w-full" inputMode="decimal" autoComplete="off" {...describedBy('deposit-amount', errors.depositAmount?.message)} {...form.register('depositAmount')} />
            </FormField>
            <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
              {t('deposit.submit')}
            </button>
          </div>
        </form>
      )}
    </AccountPage>
  );
}
