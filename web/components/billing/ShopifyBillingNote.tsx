import { useId } from 'react';
import { useT } from '../../i18n/useT';
import { SHOPIFY_TRIAL_DAYS } from '../../../shared/constants.js';
import type { TBillingConfig } from '../../../shared/billing.js';

/** SPEC §2: Shopify bills its stores, with a 14-day free trial (once per store), then the chosen plan. */
export function ShopifyBillingNote({ config }: { config: TBillingConfig }) {
  const t = useT();
  const titleId = useId();
  return (
    <section className="card billing-section" data-testid="billing-shopify-note" aria-labelledby={titleId}>
      <h2 className="section-title" id={titleId}>
        {t('billing.shopify.title')}
      </h2>
      <p className="section-text">{t('billing.shopify.text')}</p>
      <p className="section-text" data-testid="billing-shopify-trial">
        {config.shopify_trial_used
          ? t('billing.shopify.trialUsed')
          : t('billing.shopify.trial', { days: config.shopify_trial_days || SHOPIFY_TRIAL_DAYS })}
      </p>
    </section>
  );
}
