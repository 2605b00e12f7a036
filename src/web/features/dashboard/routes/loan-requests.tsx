import type { TFunction } from '../../../lib/use-translation';
import { useTranslation } from '../../../lib/use-translation';
import type { LoanAnswer } from '../../../../shared/schemas/banking-answers';
import { formatBdtNumber } from '../../../lib/format';
import { formatAccountType } from '../../../lib/format-account-type';
import { useApproveLoan } from '../api/approve-loan';
import { useDeleteLoanRequest } from '../api/delete-loan-request';
import { useLoanRequests } from '../api/get-loan-requests';
import type { ConfirmFact } from '../components/confirm-dialog';
import { decisionTexts, RequestListPage, type Decision, type ListColumn, type ListIdentity } from '../components/request-list-page';
import { StatusWithReason } from '../components/request-status';
import { LoanIncomeFloors } from '../components/loan-income-floors';

const loanStatus = (loan: LoanAnswer) => (loan.repaid ? 'repaid' : loan.status);

/** What a loan decision rests on: who asks, what they earn and where, and what they offered as proof. */
function applicantFacts(loan: LoanAnswer, typeName: string, t: TFunction): ConfirmFact[] {
  return [
    { label: t('dashboard.loans.applicant'), value: `${loan.name} · ${loan.accNum}` },
    { label: t('dashboard.loans.loanType'), value: typeName },
    { label: t('dashboard.loans.monthlyIncome'), value: formatBdtNumber(loan.income) },
    { label: t('dashboard.loans.employer'), value: loan.company },
    { label: t('dashboard.loans.nid'), value: loan.nid },
    { label: t('dashboard.loans.monthlyInstalment'), value: formatBdtNumber(loan.monthlyInstalment) },
    ...(loan.documentKind ? [{ label: t('dashboard.loans.documentKind'), value: t(`dashboard.loans.documentKinds.${loan.documentKind}`) }] : []),
    // Loans requested before the uploaded proof of income carry web links instead.
    ...(loan.evidence ? [{ label: t('dashboard.loans.evidence'), value: loan.evidence, long: true }] : []),
  ];
}

/** The proof of income (or, on an older request, the passport scan) the decision rests on. */
function applicantDocument(loan: LoanAnswer, t: TFunction): Decision['document'] {
  if (loan.document) {
    return {
      label: t('dashboard.loans.document'),
      src: loan.document,
      alt: t('dashboard.loans.documentAlt', { name: loan.name }),
      openLabel: t('dashboard.loans.openPassport'),
      isPdf: loan.documentIsPdf,
    };
  }
  if (loan.passport) return { label: t('dashboard.loans.passport'), src: loan.passport, alt: t('dashboard.loans.passportAlt', { name: loan.name }), openLabel: t('dashboard.loans.openPassport') };
  return undefined;
}

const loanStatuses = ['pending', 'success', 'repaid', 'declined'] as const;

const loanList: ListIdentity<LoanAnswer, (typeof loanStatuses)[number]> = {
  texts: 'dashboard.loans',
  statuses: loanStatuses,
  useItems: useLoanRequests,
  testIds: { table: 'loans-table', row: 'loan' },
  itemKey: (loan) => loan._id,
  detailsPath: (loan) => `/singleLoanDetail/${loan._id}`,
};

export default function LoanRequestsPage() {
  const { t } = useTranslation();
  const approve = useApproveLoan();
  const decline = useDeleteLoanRequest();
  const typeName = (loan: LoanAnswer) => t(`dashboard.loans.types.${loan.loan}`, { defaultValue: loan.loan });

  const approval = (loan: LoanAnswer, texts: Omit<Decision, 'kind' | 'label' | 'send'>): Decision => ({
    kind: 'approve',
    label: t('dashboard.list.approve'),
    ...texts,
    facts: applicantFacts(loan, typeName(loan), t),
    document: applicantDocument(loan, t),
    send: (key) => approve.mutateAsync({ id: loan._id, idempotencyKey: key }).then(() => t('dashboard.loans.approved')),
  });

  const decisions = (loan: LoanAnswer): Decision[] => {
    if (loanStatus(loan) !== 'pending') return [];
    const amounts = { amount: formatBdtNumber(loan.lAmount), total: formatBdtNumber(loan.totalAmount), months: loan.lDuration };
    const texts = (verb: string) => decisionTexts(t, 'dashboard.loans', verb, { ...amounts, account: loan.accNum, name: loan.name, type: typeName(loan).toLowerCase() });
    return [
      approval(loan, texts('approve')),
      {
        kind: 'decline',
        label: t('dashboard.list.decline'),
        ...texts('decline'),
        askReason: true,
        send: (key, reason) => decline.mutateAsync({ id: loan._id, idempotencyKey: key, decline: reason }).then(() => t('dashboard.loans.deleted')),
      },
    ];
  };

  const columns: Array<ListColumn<LoanAnswer>> = [
    { label: t('dashboard.loans.accountType'), render: (loan) => formatAccountType(loan.accountType) },
    {
      label: t('dashboard.loans.userName'),
      render: (loan) => (
        <span className="max-md:text-right">
          <span className="block font-medium">{loan.name}</span>
          <span className="block font-mono text-xs text-base-content/70">{loan.accNum}</span>
        </span>
      ),
    },
    { label: t('dashboard.loans.income'), align: 'right', className: 'whitespace-nowrap tabular-nums', render: (loan) => formatBdtNumber(loan.income) },
    { label: t('dashboard.loans.loanType'), render: typeName },
    {
      label: t('dashboard.loans.amount'),
      align: 'right',
      render: (loan) => (
        <span>
          <span className="block whitespace-nowrap font-medium tabular-nums">{formatBdtNumber(loan.lAmount)}</span>
          <span className="block whitespace-nowrap text-xs text-base-content/70">{t('dashboard.loans.months', { count: Number(loan.lDuration) })}</span>
          <span className="block whitespace-nowrap text-xs text-base-content/70">{t('dashboard.loans.totalToRepay', { total: formatBdtNumber(loan.totalAmount) })}</span>
        </span>
      ),
    },
    { label: t('dashboard.loans.status'), render: (loan) => <StatusWithReason status={loanStatus(loan)} request={loan} /> },
  ];

  const bulk = {
    kind: 'loan' as const,
    selectable: (loan: LoanAnswer) => loanStatus(loan) === 'pending',
    describe: (loan: LoanAnswer) => `${loan.name} · ${formatBdtNumber(loan.lAmount)} · ${loan.accNum}`,
  };
  return (
    <>
      <RequestListPage descriptor={{ ...loanList, columns, decisions, bulk }} />
      <LoanIncomeFloors />
    </>
  );
}
