import { useEffect, useMemo, useRef, useState } from 'react';
import { useT } from '../../i18n/useT';
import type {
  TPublicReview,
  TPublicReviews,
  TRatingDistribution,
  TWidgetConfiguration,
} from '../../../shared/storefront.js';
import { WIDGET_STRINGS } from '../../../shared/widget-strings.js';
import type { TWidgetSettings } from '../../../shared/widgets.js';
import { useProfile } from '../../api/profile';
import { useReviews } from '../../api/reviews';
import { useInstallationSnippet } from '../../api/widgets';

/** What the widget bundle exposes for previews (widget/README.md). */
interface VideoReviewsApi {
  render(
    host: HTMLElement,
    configuration: TWidgetConfiguration,
    reviews: TPublicReviews,
    options: { preview: true },
  ): void;
}
declare global {
  interface Window {
    VideoReviews?: VideoReviewsApi;
  }
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** Sample reviews are dated a few days before the page loaded. */
const LOADED_AT = Date.now();

/** The store's own loader defines `window.VideoReviews`; on this page it finds no product, so it fetches nothing. */
function useWidgetApi(scriptUrl: string | undefined): { api: VideoReviewsApi | null; failed: boolean } {
  const [api, setApi] = useState<VideoReviewsApi | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!scriptUrl) return;
    let stopped = false;
    const started = Date.now();
    // The loader adds the bundle itself: poll briefly until it has defined the API.
    const poll = () => {
      if (stopped) return;
      if (window.VideoReviews) setApi(window.VideoReviews);
      else if (Date.now() - started > 10_000) setFailed(true);
      else window.setTimeout(poll, 50);
    };
    if (!window.VideoReviews && !document.querySelector(`script[data-widget-preview]`)) {
      const script = document.createElement('script');
      script.src = scriptUrl;
      script.async = true;
      script.dataset.widgetPreview = '';
      script.onerror = () => setFailed(true);
      document.head.append(script);
    }
    poll();
    return () => {
      stopped = true;
    };
  }, [scriptUrl]);
  return { api, failed };
}

/** Renders the real widget bundle with the unsaved settings, on the merchant's latest approved reviews or samples. */
export function WidgetPreview({ settings }: { settings: TWidgetSettings }) {
  const t = useT();
  const snippet = useInstallationSnippet();
  const profile = useProfile();
  const approved = useReviews({ page: 1, search: '', status: 'approved' });
  const { api, failed } = useWidgetApi(snippet.data?.script_url);
  const hostRef = useRef<HTMLDivElement>(null);
  const mainLanguage = profile.data?.merchant?.main_language ?? 'en';
  const storeName = profile.data?.merchant?.store_name ?? '';

  const samples = t('widgets.preview.samples', { returnObjects: true });
  const reviews = useMemo((): TPublicReviews => {
    const real = approved.data?.results ?? [];
    const results: TPublicReview[] = real.length
      ? real.map((review) => ({
          id: review.id,
          rating: review.rating,
          comment: review.comment,
          customer_name: review.customer.name,
          created_at: review.created_at,
          video_url: review.video_url,
          video_duration: null,
          thumbnail_url: review.thumbnail_url,
          photo_url: review.photo_url,
          photo_srcset: review.photo_srcset,
          verified_purchase: review.verified_purchase,
          reply: review.reply && { text: review.reply.text, at: review.reply.updated_at },
          pinned: review.pinned,
          // The preview shows no votes.
          helpful_count: 0,
        }))
      : samples.map((sample, i) => ({
          id: `sample-${i}`,
          rating: 5 - (i % 2),
          comment: sample.comment,
          customer_name: sample.name,
          created_at: new Date(LOADED_AT - (i + 1) * 3 * DAY_MS).toISOString(),
          video_url: null,
          video_duration: null,
          thumbnail_url: null,
          photo_url: null,
          photo_srcset: null,
          verified_purchase: false,
          reply: null,
          pinned: false,
          helpful_count: 0,
        }));
    const average = results.reduce((sum, review) => sum + review.rating, 0) / results.length;
    const distribution: TRatingDistribution = { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 };
    for (const review of results) distribution[review.rating as keyof TRatingDistribution] += 1;
    return {
      count: real.length ? (approved.data?.count ?? results.length) : results.length,
      // The stars' distribution is the one of the reviews shown.
      average_rating: Math.round(average * 10) / 10,
      distribution,
      product: null,
      next: null,
      previous: null,
      results,
    };
  }, [approved.data, samples]);

  useEffect(() => {
    const host = hostRef.current;
    if (!api || !host) return;
    const { position, custom_selector, language: chosen, ...look } = settings;
    // As the server answers shoppers: with the automatic language, this browser's languages choose (widget/README.md).
    const language = chosen === 'auto' ? mainLanguage : chosen;
    api.render(
      host,
      {
        store_id: snippet.data?.store_id ?? '',
        store_name: storeName,
        product_id: 'preview',
        enabled: true,
        language,
        position,
        custom_selector,
        settings: look,
        strings: WIDGET_STRINGS[language],
        ...(chosen === 'auto' && { translations: WIDGET_STRINGS }),
        limits: { video_bytes: 0, photo_bytes: 0, comment_length: 0, name_length: 0, video_seconds: 0 },
      },
      reviews,
      { preview: true },
    );
  }, [api, settings, reviews, mainLanguage, storeName, snippet.data?.store_id]);

  return (
    <section className="card widget-preview" aria-labelledby="widget-preview-title">
      <h2 className="section-title" id="widget-preview-title">
        {t('widgets.preview.title')}
      </h2>
      <p className="review-muted">{t('widgets.preview.description')}</p>
      {failed || snippet.isError ? (
        <p className="review-muted" data-testid="widget-preview-error">
          {t('widgets.preview.unavailable')}
        </p>
      ) : (
        !api && <p className="review-muted">{t('widgets.preview.loading')}</p>
      )}
      <div className="widget-preview-stage" ref={hostRef} data-testid="widget-preview" />
    </section>
  );
}
