import { useT } from '../../i18n/useT';
import type { TReviewExportFormat } from '../../../shared/review-export.js';
import type { TReviewFilter } from '../../../shared/reviews.js';

// Type-only import above: the shared schema module would bring zod into the page's bundle.
const FORMATS: readonly TReviewExportFormat[] = ['csv', 'json'];

/**
 * Downloads of every review the list's filters match. Plain links: the session cookie authenticates them, so the
 * file streams to disk however large, and the browser shows its own download progress.
 */
export function ExportLinks({
  status,
  search,
  flagged,
}: {
  status?: TReviewFilter;
  search: string;
  flagged?: boolean;
}) {
  const t = useT();
  const href = (format: TReviewExportFormat) => {
    const query = new URLSearchParams({ format });
    if (status) query.set('status', status);
    if (search) query.set('search', search);
    if (flagged) query.set('flagged', 'true');
    return `/api/reviews/export/?${query}`;
  };
  return (
    <div className="export-links" role="group" aria-label={t('reviews.export.label')}>
      {FORMATS.map((format) => (
        <a
          key={format}
          className="button button-secondary button-small"
          href={href(format)}
          download
          data-testid={`export-${format}`}
        >
          {t(`reviews.export.${format}`)}
        </a>
      ))}
    </div>
  );
}
