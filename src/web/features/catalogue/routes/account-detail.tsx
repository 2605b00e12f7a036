import { useTranslation } from '../../../lib/use-translation';
import { Link, useParams } from 'react-router';
import { useAccountType } from '../api/get-catalogue-entry';
import { CatalogueDetail } from '../components/catalogue-detail';
import { CatalogueQueryState } from '../components/catalogue-query-state';
import { AccountTypeInterest, FdrRatesTable } from '../components/interest-rates';

export default function AccountDetailPage() {
  const { t } = useTranslation();
  const { accountType = '' } = useParams();
  const query = useAccountType(accountType);
  return (
    <CatalogueQueryState query={query} titleOf={(entry) => t('catalogue.information', { name: entry.name })}>
      {(entry) => (
        <CatalogueDetail
          name={entry.name}
          img={entry.img}
          description={entry.Description}
          featuresHeading={t('catalogue.facilities')}
          features={entry.facilities}
          action={
            <Link to="/openAcc" className="btn btn-primary btn-lg">
              {t('catalogue.openAccount')}
            </Link>
          }
        >
          {entry.interest ? <AccountTypeInterest interest={entry.interest} /> : null}
          <FdrRatesTable />
        </CatalogueDetail>
      )}
    </CatalogueQueryState>
  );
}
