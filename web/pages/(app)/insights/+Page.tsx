import { useT } from '../../../i18n/useT';
import { usePageContext } from 'vike-react/usePageContext';
import '../../../styles/dashboard.css';
import '../../../styles/reviews.css';
import '../../../styles/insights.css';
import '../../../styles/charts.css';
import { rangeFromSearch, useInsights } from '../../../api/insights';
import { PageTitle } from '../../../components/PageTitle';
import { ConversionLift } from '../../../components/insights/ConversionLift';
import { EngagementCards } from '../../../components/insights/EngagementCards';
import { MostWatched } from '../../../components/insights/MostWatched';
import { ProductsTable } from '../../../components/insights/ProductsTable';
import { RangePicker } from '../../../components/insights/RangePicker';
import { RatingsOverTime } from '../../../components/insights/RatingsOverTime';
import { RequestsByWeek } from '../../../components/insights/RequestsByWeek';
import { ReviewSources } from '../../../components/insights/ReviewSources';
import { useLanguage } from '../../../i18n/useLanguage';

export default function Page() {
  const t = useT();
  const { urlParsed } = usePageContext();
  const { language } = useLanguage();
  const range = rangeFromSearch(urlParsed.search);
  const { data, isError, refetch, isPlaceholderData } = useInsights(range, language);
  const key = JSON.stringify(range);

  return (
    <>
      <div className="dashboard-head">
        <div>
          <PageTitle page="insights" />
          <p className="page-lead">{t('insights.lead')}</p>
        </div>
      </div>
      <RangePicker key={key} range={range} shown={data?.range} previous={data?.previous} />

      {!data ? (
        <div className="reviews-empty" data-testid="insights-load-error">
          <p>{isError ? t('insights.loadError') : '…'}</p>
          {isError && (
            <button type="button" className="button button-secondary button-small" onClick={() => void refetch()}>
              {t('insights.retry')}
            </button>
          )}
        </div>
      ) : (
        <div className="insights" data-refreshing={isPlaceholderData || undefined}>
          <EngagementCards now={data.engagement} before={data.previous_engagement} />
          <div className="insights-columns">
            <ConversionLift lift={data.lift} />
            <MostWatched reviews={data.most_watched} />
          </div>
          <div className="insights-columns">
            <RatingsOverTime weeks={data.ratings} chart={data.charts?.ratings} />
            <ReviewSources sources={data.sources} />
          </div>
          {data.funnel && <RequestsByWeek weeks={data.funnel} chart={data.charts?.funnel} />}
          <ProductsTable key={key} range={range} />
        </div>
      )}
    </>
  );
}
