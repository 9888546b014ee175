import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import '../../../styles/reviews.css';
import '../../../styles/dashboard.css';
import { useDashboardMetrics } from '../../../api/analytics';
import { PageTitle } from '../../../components/PageTitle';
import { MetricCards } from '../../../components/dashboard/MetricCards';
import { NoReviewsNotice } from '../../../components/dashboard/NoReviewsNotice';
import { PeriodSelector } from '../../../components/dashboard/PeriodSelector';
import { ReviewActivityChart } from '../../../components/dashboard/ReviewActivityChart';
import { ShopifySetupBanner } from '../../../components/dashboard/ShopifySetupBanner';
import { TopProductsChart } from '../../../components/dashboard/TopProductsChart';
import { useDashboardCharts } from '../../../components/dashboard/useDashboardCharts';
import { PaymentFailedBanner } from '../../../components/billing/PaymentFailedBanner';
import { UpgradeWidget } from '../../../components/reviews/UpgradeWidget';
import { useToast } from '../../../components/toast/ToastProvider';

export default function Page() {
  const { t } = useTranslation();
  const { showToast } = useToast();
  const metrics = useDashboardMetrics();
  const { days, changePeriod, activity, topProducts } = useDashboardCharts();

  useEffect(() => {
    if (metrics.isError) showToast(t('dashboard.toasts.loadDashboardError'), 'error');
  }, [metrics.isError, showToast, t]);

  return (
    <>
      <PageTitle page="dashboard" />
      <p className="page-lead">{t('dashboard.lead')}</p>

      <ShopifySetupBanner />
      <PaymentFailedBanner />
      <UpgradeWidget />
      <NoReviewsNotice totalReviews={metrics.data?.total_reviews} />

      <MetricCards metrics={metrics.data} isLoading={metrics.isPending} />

      <div className="dashboard-toolbar">
        <PeriodSelector value={days} onChange={changePeriod} />
      </div>
      <div className="dashboard-charts">
        <ReviewActivityChart activity={activity} />
        <TopProductsChart products={topProducts} />
      </div>
    </>
  );
}
