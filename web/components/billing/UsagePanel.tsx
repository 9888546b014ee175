import { useId } from 'react';
import { useT } from '../../i18n/useT';
import type { TLimitInfo, TUsageMeter } from '../../../shared/billing.js';
import { UsageMeter, widgetUsageLevel } from '../reviews/UsageMeter';

/**
 * SPEC §2 Billing usage panel: active and total reviews against the plan, and this month's review requests against
 * its monthly quota, coloured at 70 % and 90 % (SPEC §4).
 */
export function UsagePanel({ usage, requests }: { usage: TLimitInfo; requests: TUsageMeter }) {
  const t = useT();
  const titleId = useId();
  return (
    <section className="card billing-section" data-testid="billing-usage" aria-labelledby={titleId}>
      <h2 className="section-title" id={titleId}>
        {t('billing.usageTitle')}
      </h2>
      <div className="usage-meters">
        <UsageMeter kind="active" meter={usage.active_reviews} level={widgetUsageLevel} />
        <UsageMeter kind="total" meter={usage.total_reviews} level={widgetUsageLevel} />
        <UsageMeter kind="requests" meter={requests} level={widgetUsageLevel} />
      </div>
    </section>
  );
}
