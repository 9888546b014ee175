import { useT } from '../../../i18n/useT';
import '../../../styles/reviews.css';
import '../../../styles/dashboard.css';
import '../../../styles/charts.css';
import { PageTitle } from '../../../components/PageTitle';
import { MetricCards } from '../../../components/dashboard/MetricCards';
import { NoReviewsNotice } from '../../../components/dashboard/NoReviewsNotice';
import { PeriodSelector } from '../../../components/dashboard/PeriodSelector';
import { ReviewActivityChart } from '../../../components/dashboard/ReviewActivityChart';
import { ShopifySetupBanner } from '../../../components/dashboard/ShopifySetupBanner';
import { TopProductsChart } from '../../../components/dashboard/TopProductsChart';
import { useDashboardPeriod } from '../../../components/dashboard/useDashboardPeriod';
import { PaymentFailedBanner } from '../../../components/billing/PaymentFailedBanner';
import { UpgradeWidget } from '../../../components/reviews/UpgradeWidget';

export default function Page() {
  const t = useT();
  const { days, changePeriod, metrics, activity, topProducts } = useDashboardPeriod();

  return (
    <>
      {/* The period, beside the title: the figures and the charts below all follow it. */}
      <div className="dashboard-head">
        <div>
          <PageTitle page="dashboard" />
          <p className="page-lead">{t('dashboard.lead')}</p>
        </div>
        <PeriodSelector value={days} onChange={changePeriod} />
      </div>

      <ShopifySetupBanner />
      <PaymentFailedBanner />
      <UpgradeWidget />
      <NoReviewsNotice totalReviews={metrics.data?.total_reviews} />

      <MetricCards metrics={metrics.data} isLoading={metrics.isPending} isRefreshing={metrics.isPlaceholderData} />

      <div className="dashboard-charts">
        <ReviewActivityChart activity={activity} />
        <TopProductsChart products={topProducts} />
      </div>
    </>
  );
}
