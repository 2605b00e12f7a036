import type { ReactNode } from 'react';
import type { AccountAnswer } from '../../../shared/schemas/banking-answers';
import { formatBdtNumber } from '../../lib/format';

type AccountHeaderProps = { account: AccountAnswer; status: ReactNode; labels: { photoAlt: string; balance: string; totalLoan: string } };

/** Whose account it is and what it holds: the photo, the holder, the number, its status, the balance and the loans. */
export function AccountHeader({ account, status, labels }: AccountHeaderProps) {
  return (
    <div className="flex flex-col items-center gap-4 sm:flex-row sm:items-center">
      <img src={account.img} alt={labels.photoAlt} width="96" height="96" className="h-24 w-24 rounded-full object-cover ring-4 ring-primary/20" />
      <div className="flex flex-1 flex-col items-center gap-1 sm:items-start">
        <p className="text-xl font-bold">{account.user}</p>
        <p className="font-mono text-sm text-base-content/80">{account._id}</p>
        {status}
      </div>
      <dl className="grid grid-cols-1 gap-4 text-center sm:grid-cols-2 sm:text-right">
        <div>
          <dt className="text-sm text-base-content/80">{labels.balance}</dt>
          <dd className="whitespace-nowrap text-2xl font-bold tabular-nums text-primary" data-testid="detail-balance">
            {formatBdtNumber(account.amount)}
          </dd>
        </div>
        <div>
          <dt className="text-sm text-base-content/80">{labels.totalLoan}</dt>
          <dd className="whitespace-nowrap text-2xl font-bold tabular-nums">{formatBdtNumber(account.totalLoanAmount)}</dd>
        </div>
      </dl>
    </div>
  );
}

type AccountFactListProps = { facts: Array<[label: string, value: string]>; card: { label: string; value: ReactNode } };

/** The account's details, one labelled value each, and its card's state last. */
export function AccountFactList({ facts, card }: AccountFactListProps) {
  return (
    <dl className="grid flex-1 gap-x-6 gap-y-3 sm:grid-cols-2 lg:grid-cols-3">
      {[...facts, [card.label, card.value] as const].map(([label, value]) => (
        <div key={label} className="border-b border-base-200 pb-2">
          <dt className="text-xs uppercase tracking-wide text-base-content/80">{label}</dt>
          <dd className="font-medium wrap-anywhere">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
