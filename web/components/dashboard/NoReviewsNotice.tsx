import { useT } from '../../i18n/useT';
import { useDismissed } from '../../lib/useDismissed';
import { ReviewsIcon } from '../icons';
import { DashboardNotice } from './DashboardNotice';

/** SPEC §4: shown while the store has no reviews at all; a dismissal lasts the browser session. */
export function NoReviewsNotice({ totalReviews }: { totalReviews: number | undefined }) {
  const t = useT();
  const [dismissed, dismiss] = useDismissed('no-reviews');
  if (totalReviews !== 0 || dismissed) return null;

  return (
    <DashboardNotice
      testId="no-reviews-notice"
      icon={<ReviewsIcon />}
      title={t('dashboard.noReviews.title')}
      text={t('dashboard.noReviews.text')}
      link={{ href: '/widget-settings', label: t('dashboard.noReviews.widget') }}
      dismissLabel={t('dashboard.noReviews.dismiss')}
      onDismiss={dismiss}
    />
  );
}
