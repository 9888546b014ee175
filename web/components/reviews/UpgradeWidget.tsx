import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useT } from '../../i18n/useT';
import { BENEFIT_KEYS, UPGRADE_REASONS } from '../../../shared/upgrade-reasons.js';
import type { TUsageDetails } from '../../../shared/billing.js';
import { UPGRADE_PROMPT_HIDE_DAYS } from '../../../shared/constants.js';
import { setProfile, updateProfile, useProfile } from '../../api/profile';
import { useUsageDetails } from '../../api/reviews';
import { CheckIcon, ChevronIcon, CloseIcon } from '../icons';
import { useToast } from '../toast/ToastProvider';
import { UpgradePlanCard } from './UpgradePlanCard';
import { limitReached, pressingMeter, showsUpgradePrompt } from './upgradePrompt';
import { UsageMeter, widgetUsageLevel } from './UsageMeter';

const MAX_BENEFITS = 3;
const MAX_PLANS = 2;

/**
 * SPEC §4 Upgrade widget: one line with the plan, the meter nearest its limit and the way to upgrade; the reason,
 * both meters, benefits and plans a click away. Owners only. Hiding it holds for UPGRADE_PROMPT_HIDE_DAYS on the
 * server (any browser), unless a limit is reached. Its data comes with the page's server render (the pages' `+data`),
 * so it never pushes the page down after hydration.
 */
export function UpgradeWidget() {
  const { data: details } = useUsageDetails();
  const { data: user } = useProfile();
  const queryClient = useQueryClient();
  const t = useT();
  const { showToast } = useToast();
  // When the page was drawn: a hiding that ends while it is open takes effect on the next page.
  const [now] = useState(() => Date.now());
  const hide = useMutation({
    mutationFn: () => updateProfile({ hide_upgrade_prompt: true }),
    onSuccess: (updated) => setProfile(queryClient, updated),
    onError: () => showToast(t('reviews.upgrade.hideError'), 'error'),
  });

  if (hide.isPending || !showsUpgradePrompt(user, details, now)) return null;
  return <UpgradePanel details={details} onHide={limitReached(details) ? undefined : () => hide.mutate()} />;
}

function UpgradePanel({ details, onHide }: { details: TUsageDetails; onHide: (() => void) | undefined }) {
  const t = useT();
  const titleId = useId();
  const detailsId = useId();
  const [expanded, setExpanded] = useState(false);
  const { primary_reason: reason, benefits } = details.recommendations;
  const knownBenefits = benefits.filter((key) => BENEFIT_KEYS.includes(key)).slice(0, MAX_BENEFITS);
  const plans = details.upgrade_plans.slice(0, MAX_PLANS);
  const meter = pressingMeter(details);
  const next = plans[0];

  return (
    <section
      className="card upgrade-widget"
      data-testid="upgrade-widget"
      data-reason={reason}
      data-expanded={expanded || undefined}
      aria-labelledby={titleId}
    >
      <div className="upgrade-line">
        <h2 id={titleId} className="upgrade-title">
          {t('reviews.upgrade.planLabel', { plan: details.current_plan.name })}
        </h2>
        {limitReached(details) && (
          <span className="chip chip-tint chip-limit" data-testid="upgrade-limit-reached">
            {t('reviews.upgrade.limitReached')}
          </span>
        )}
        <UsageMeter
          kind={meter}
          meter={meter === 'active' ? details.usage.active_reviews : details.usage.total_reviews}
          level={widgetUsageLevel}
        />
        <div className="upgrade-actions">
          <a
            className="button button-small"
            data-testid="upgrade-cta"
            href={next ? `/settings/billing?plan=${encodeURIComponent(next.id)}` : '/settings/billing'}
          >
            {t('reviews.upgrade.upgrade')}
          </a>
          <button
            type="button"
            className="button button-secondary button-small upgrade-toggle"
            data-testid="upgrade-details-toggle"
            aria-expanded={expanded}
            aria-controls={detailsId}
            onClick={() => setExpanded((open) => !open)}
          >
            {t('reviews.upgrade.details')}
            <ChevronIcon />
          </button>
          {onHide && (
            <button
              type="button"
              className="icon-button"
              data-testid="upgrade-dismiss"
              aria-label={t('reviews.upgrade.hide', { days: UPGRADE_PROMPT_HIDE_DAYS })}
              title={t('reviews.upgrade.hide', { days: UPGRADE_PROMPT_HIDE_DAYS })}
              onClick={onHide}
            >
              <CloseIcon />
            </button>
          )}
        </div>
      </div>

      <div id={detailsId} className="upgrade-details" data-testid="upgrade-details" hidden={!expanded}>
        <p className="upgrade-text">
          {UPGRADE_REASONS.includes(reason) && t(`reviews.upgrade.reasons.${reason}`)}{' '}
          {t('reviews.upgrade.currentPlan', { plan: details.current_plan.name })}
        </p>
        <div className="upgrade-body">
          <div className="usage-meters">
            <UsageMeter kind="active" meter={details.usage.active_reviews} level={widgetUsageLevel} />
            <UsageMeter kind="total" meter={details.usage.total_reviews} level={widgetUsageLevel} />
          </div>

          {knownBenefits.length > 0 && (
            <div>
              <h3 className="upgrade-subtitle">{t('reviews.upgrade.benefitsTitle')}</h3>
              <ul className="upgrade-benefits">
                {knownBenefits.map((key) => (
                  <li key={key}>
                    <CheckIcon />
                    {t(`reviews.upgrade.benefits.${key}`)}
                  </li>
                ))}
              </ul>
            </div>
          )}

          {plans.length > 0 && (
            <div>
              <h3 className="upgrade-subtitle">{t('reviews.upgrade.plansTitle')}</h3>
              <ul className="upgrade-plans">
                {plans.map((plan) => (
                  <UpgradePlanCard key={plan.id} plan={plan} />
                ))}
              </ul>
            </div>
          )}
        </div>
      </div>
    </section>
  );
}
