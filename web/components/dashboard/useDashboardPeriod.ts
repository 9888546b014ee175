import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useT } from '../../i18n/useT';
import type { TDashboardPeriod } from '../../../shared/analytics.js';
import { DEFAULT_DASHBOARD_PERIOD } from '../../../shared/constants.js';
import {
  metricsQuery,
  reviewActivityQuery,
  topProductsQuery,
  useDashboardMetrics,
  useReviewActivity,
  useTopProducts,
} from '../../api/analytics';
import { useLanguage } from '../../i18n/useLanguage';
import { useToast } from '../toast/ToastProvider';

/** One word on the period at a time: the latest choice's. */
const PERIOD_TOAST = { kind: 'dashboard.period' };

/**
 * The dashboard's period and what follows it: the four figures and both charts (SPEC §2, §8). A first load that
 * fails says what failed; a period change asks the server again for all three and says whether that worked.
 */
export function useDashboardPeriod() {
  const t = useT();
  const { showToast } = useToast();
  const queryClient = useQueryClient();
  const { language } = useLanguage();
  const [days, setDays] = useState<TDashboardPeriod>(DEFAULT_DASHBOARD_PERIOD);
  const [periodChanged, setPeriodChanged] = useState(false);
  // Only the latest choice reports back when the merchant clicks through periods quickly.
  const latestChoice = useRef(days);

  const metrics = useDashboardMetrics(days);
  const activity = useReviewActivity(days, language);
  const topProducts = useTopProducts(days, language);

  useEffect(() => {
    if (metrics.isError && !periodChanged) showToast(t('dashboard.toasts.loadDashboardError'), 'error');
  }, [metrics.isError, periodChanged, showToast, t]);

  useEffect(() => {
    if (activity.isError && !periodChanged) showToast(t('dashboard.toasts.loadActivityError'), 'error');
  }, [activity.isError, periodChanged, showToast, t]);

  useEffect(() => {
    if (topProducts.isError && !periodChanged) showToast(t('dashboard.toasts.loadProductsError'), 'error');
  }, [topProducts.isError, periodChanged, showToast, t]);

  const changePeriod = (next: TDashboardPeriod) => {
    if (next === days) return;
    latestChoice.current = next;
    setDays(next);
    setPeriodChanged(true);
    // staleTime 0: the merchant asked for the figures now, even if a recent answer is cached.
    Promise.all([
      queryClient.fetchQuery({ ...metricsQuery(next), staleTime: 0 }),
      queryClient.fetchQuery({ ...reviewActivityQuery(next, language), staleTime: 0 }),
      queryClient.fetchQuery({ ...topProductsQuery(next, language), staleTime: 0 }),
    ]).then(
      () => {
        if (latestChoice.current === next)
          showToast(t('dashboard.toasts.updateDataSuccess', { days: next }), 'success', PERIOD_TOAST);
      },
      () => {
        if (latestChoice.current === next) showToast(t('dashboard.toasts.updateDataError'), 'error', PERIOD_TOAST);
      },
    );
  };

  return { days, changePeriod, metrics, activity, topProducts };
}
