import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { AccountAnswer } from '../../../../shared/schemas/banking-answers';
import { QueryState, type LoadingQuery } from '../../../components/ui/query-state';
import { useTranslation } from '../../../lib/use-translation';

/** Money leaves only an account staff have approved. */
export const isActiveAccount = (account: AccountAnswer) => account.status === 'success';

/** The account to send from at first: the one asked for when it is active, else the first active one. */
export const defaultAccountIdOf = (active: readonly AccountAnswer[], preferred: string | null) => active.find((account) => account._id === preferred)?._id ?? active[0]?._id ?? '';

/**
 * The customer's accounts to send money from: loading, the failure, or, when none is active yet,
 * why nothing can be sent and the way back to the accounts. The transfer and the payment to
 * another bank say it in the same words.
 */
export function ActiveAccountsState({ accounts, children }: { accounts: LoadingQuery<AccountAnswer[]>; children: (active: AccountAnswer[]) => ReactNode }) {
  const { t } = useTranslation();
  return (
    <QueryState
      query={accounts}
      isEmpty={(all) => !all.some(isActiveAccount)}
      empty={
        <div className="rounded-box border border-dashed border-base-300 p-8 text-center">
          <p className="mb-4">{t('transferFrom.noActiveAccount')}</p>
          <Link to="/myAccounts" className="btn btn-primary">
            {t('banking.backToAccounts')}
          </Link>
        </div>
      }
    >
      {(all) => children(all.filter(isActiveAccount))}
    </QueryState>
  );
}
