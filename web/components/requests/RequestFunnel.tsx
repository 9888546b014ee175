import { useT } from '../../i18n/useT';
import type { TReviewRequestFunnel } from '../../../shared/review-requests.js';
import { useLanguage } from '../../i18n/useLanguage';
import { NO_VALUE } from '../dashboard/metricFormat';
import { MailIcon } from '../icons';
import { numberFormat } from '../../lib/intlFormat';

const STEPS = ['sent', 'opened', 'reviewed'] as const;
const RATE_OF = { sent: null, opened: 'open_rate', reviewed: 'review_rate' } as const;

/**
 * Sent → opened → reviewed for the period, each with its share of the mails sent; a store that sent nothing yet is
 * told when requests start instead of being shown zeros.
 */
export function RequestFunnel({
  funnel,
  isLoading,
  isRefreshing,
}: {
  funnel: TReviewRequestFunnel | undefined;
  isLoading: boolean;
  isRefreshing: boolean;
}) {
  const t = useT();
  const { language } = useLanguage();
  const count = numberFormat(language);
  const percent = numberFormat(language, { style: 'percent', maximumFractionDigits: 1 });

  if (funnel && funnel.sent === 0 && !isRefreshing) {
    return (
      <section className="card dashboard-notice funnel-empty" data-testid="funnel-empty" aria-labelledby="funnel-empty">
        <span className="dashboard-notice-icon">
          <MailIcon />
        </span>
        <div className="dashboard-notice-body">
          <h2 id="funnel-empty" className="dashboard-notice-title">
            {t('requests.funnel.emptyTitle')}
          </h2>
          <p className="dashboard-notice-text">{t('requests.funnel.emptyText')}</p>
        </div>
      </section>
    );
  }

  return (
    <>
      <ul
        className="metric-grid funnel-grid"
        data-testid="request-funnel"
        aria-label={t('requests.funnel.label', { days: funnel?.days ?? '' })}
        aria-busy={isLoading || isRefreshing || undefined}
        data-refreshing={isRefreshing || undefined}
      >
        {STEPS.map((step) => {
          const rateKey = RATE_OF[step];
          const rate = rateKey && funnel ? funnel[rateKey] : null;
          return (
            <li key={step} className="card metric-card" data-testid={`funnel-${step}`}>
              <span className="metric-label">{t(`requests.funnel.${step}`)}</span>
              {isLoading || !funnel ? (
                <span className="skeleton metric-value-skeleton" aria-hidden="true" />
              ) : (
                <>
                  <span className="metric-value" data-testid="funnel-value">
                    {count.format(funnel[step])}
                  </span>
                  {rateKey && (
                    <span className="metric-period" data-testid="funnel-rate">
                      {t(`requests.funnel.${step === 'opened' ? 'openRate' : 'reviewRate'}`, {
                        rate: rate === null ? NO_VALUE : percent.format(rate),
                      })}
                    </span>
                  )}
                </>
              )}
            </li>
          );
        })}
      </ul>
      <p className="review-note funnel-note">{t('requests.funnel.opensNote')}</p>
    </>
  );
}
