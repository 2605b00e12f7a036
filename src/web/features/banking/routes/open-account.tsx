import { Link } from 'react-router';
import { accountTypeDisplayNames } from '../../../../shared/schemas/banking';
import { OperationNotice } from '../../../components/ui/operation-notice';
import { OperationReceipt } from '../../../components/ui/operation-receipt';
import { PageHeader } from '../../../components/ui/page-header';
import { useTranslation } from '../../../lib/use-translation';
import { OpenAccountNomineeStep } from '../components/open-account-nominee-step';
import { OpenAccountPersonalStep } from '../components/open-account-personal-step';
import { useOpenAccount } from '../components/use-open-account';

export default function OpenAccountPage() {
  const { t } = useTranslation();
  const { user, step, setStep, form, operation, next, onSubmit } = useOpenAccount();
  const { state } = operation;
  const header = <PageHeader title={t('openAccount.title')} intro={t('openAccount.intro')} />;

  if (state.phase === 'done') {
    return (
      <section className="mx-auto max-w-3xl">
        {header}
        <OperationReceipt
          title={t('openAccount.success')}
          reference={state.answer.insertedId}
          details={[
            [t('openAccount.accountType'), accountTypeDisplayNames[state.values.role]],
            [t('openAccount.holderName'), user?.displayName ?? ''],
          ]}
          note={t('openAccount.receiptNote')}
        >
          <Link to="/myAccounts" className="btn btn-primary">
            {t('openAccount.goToAccounts')}
          </Link>
        </OperationReceipt>
      </section>
    );
  }

  return (
    <section className="mx-auto max-w-3xl">
      {header}
      <ul className="steps mb-6 w-full">
        <li className="step step-primary">{t('openAccount.stepPersonal')}</li>
        <li className={`step ${step === 2 ? 'step-primary' : ''}`}>{t('openAccount.stepNominee')}</li>
      </ul>
      <form className="card border border-base-300 bg-base-100 shadow-sm" onSubmit={onSubmit} noValidate>
        <fieldset disabled={operation.busy}>
          <OpenAccountPersonalStep form={form} shown={step === 1} user={user} onNext={() => void next()} />
          <OpenAccountNomineeStep form={form} shown={step === 2} busy={operation.busy} onBack={() => setStep(1)} />
          {state.phase === 'editing' || state.phase === 'sending' ? null : (
            <div className="card-body pt-0">
              <OperationNotice state={state} checking={t('openAccount.checking')} unknown={t('openAccount.unknown')} onCheckAgain={operation.checkAgain} />
            </div>
          )}
        </fieldset>
      </form>
    </section>
  );
}
