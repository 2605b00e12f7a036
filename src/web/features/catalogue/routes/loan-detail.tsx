import { useTranslation } from '../../../lib/use-translation';
import { useParams } from 'react-router';
import { useLoanType } from '../api/get-catalogue-entry';
import { CatalogueDetail } from '../components/catalogue-detail';
import { CatalogueQueryState } from '../components/catalogue-query-state';

export default function LoanDetailPage() {
  const { t } = useTranslation();
  const { loanType = '' } = useParams();
  const query = useLoanType(loanType);
  return (
    <CatalogueQueryState query={query} titleOf={(entry) => t('catalogue.information', { name: entry.name })}>
      {(entry) => <CatalogueDetail name={entry.name} img={entry.img} description={entry.description} featuresHeading={t('catalogue.rules')} features={entry.rules} />}
    </CatalogueQueryState>
  );
}
