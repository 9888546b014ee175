import { useEffect, useState } from 'react';
import { useT } from '../../../i18n/useT';
import { usePageContext } from 'vike-react/usePageContext';
import '../../../styles/reviews.css';
import '../../../styles/moderation.css';
import { REVIEWS_PAGE_SIZE } from '../../../../shared/constants.js';
import type { TReview, TReviewStatus } from '../../../../shared/reviews.js';
import { can } from '../../../../shared/session.js';
import { useReviewStats, useReviews, type TPlanLimit } from '../../../api/reviews';
import { SearchBox } from '../../../components/SearchBox';
import { PageTitle } from '../../../components/PageTitle';
import { Pagination, pageCount } from '../../../components/reviews/Pagination';
import type { TRowAction } from '../../../components/reviews/ReviewActions';
import { ReviewsEmpty, ReviewsLoadError } from '../../../components/reviews/ReviewsEmpty';
import { ReviewsTable } from '../../../components/reviews/ReviewsTable';
import {
  BulkDeleteDialog,
  ChangeStatusDialog,
  DeleteReviewDialog,
  LimitModal,
  MediaDialog,
  ReviewDrawer,
} from '../../../components/reviews/reviewDialogs';
import { BulkActionBar } from '../../../components/reviews/bulk/BulkActionBar';
import { ReviewSelectionContext } from '../../../components/reviews/bulk/ReviewSelectionContext';
import { useBulkModeration } from '../../../components/reviews/bulk/useBulkModeration';
import { useReviewSelection } from '../../../components/reviews/bulk/useReviewSelection';
import { ExportLinks } from '../../../components/reviews/ExportLinks';
import { FlaggedFilter } from '../../../components/reviews/FlaggedFilter';
import { StatusFilter, type TStatusOption } from '../../../components/reviews/StatusFilter';
import { PaymentFailedBanner } from '../../../components/billing/PaymentFailedBanner';
import { MediaToolsBanner } from '../../../components/reviews/MediaToolsBanner';
import { UpgradeWidget } from '../../../components/reviews/UpgradeWidget';
import { useReviewModeration, type TModerationAction } from '../../../components/reviews/useReviewModeration';
import { useToast } from '../../../components/toast/ToastProvider';
import { usePageFor, useSearchInput } from '../../../lib/useListControls';

/** SPEC §4: the change-status dialog's choice and the call that makes it. */
const ACTION_FOR_STATUS = {
  approved: 'approve',
  rejected: 'reject',
  pending: 'restore',
} as const satisfies Record<TReviewStatus, TModerationAction>;

export default function Page() {
  const t = useT();
  const { showToast } = useToast();
  const { user } = usePageContext();
  const canModerate = can(user, 'moderate_reviews');

  const { searchInput, setSearchInput, search } = useSearchInput();
  const [status, setStatus] = useState<TStatusOption>('all');
  const [flaggedOnly, setFlaggedOnly] = useState(false);
  const { page, goToPage } = usePageFor(`${status}\n${search}\n${flaggedOnly}`);

  const filterStatus = status === 'all' ? undefined : status;
  const flagged = flaggedOnly || undefined;
  const reviews = useReviews({ page, search, status: filterStatus, flagged });
  const stats = useReviewStats();

  const total = reviews.data?.count ?? 0;
  const lastPage = pageCount(total, REVIEWS_PAGE_SIZE);
  // The last rows of the last page were moderated away: step back to the page that now ends the list.
  if (reviews.data && !reviews.isPlaceholderData && page > lastPage) goToPage(lastPage);

  useEffect(() => {
    if (reviews.error) showToast(t('reviews.toasts.loadError'), 'error');
  }, [reviews.error, showToast, t]);

  const [mediaReview, setMediaReview] = useState<TReview | null>(null);
  const [editing, setEditing] = useState<TReview | null>(null);
  const [deleting, setDeleting] = useState<TReview | null>(null);
  const [limit, setLimit] = useState<TPlanLimit | null>(null);

  const [details, setDetails] = useState<TReview | null>(null);
  const [bulkDeleting, setBulkDeleting] = useState(false);

  const { moderate, busyId } = useReviewModeration((refusal) => {
    setEditing(null);
    setLimit(refusal);
  });

  const selection = useReviewSelection({
    filter: { status: filterStatus, search: search || undefined, flagged },
    pageReviews: reviews.data?.results ?? [],
    total,
  });
  const bulk = useBulkModeration({
    onDone: () => {
      setBulkDeleting(false);
      selection.clear();
    },
    onPlanLimit: setLimit,
  });
  const onBulkAction = (action: TModerationAction) => {
    if (action === 'delete') setBulkDeleting(true);
    else bulk.run({ action, ...selection.target() });
  };

  const onAction = (action: TRowAction, review: TReview) => {
    if (action === 'details') setDetails(review);
    else if (action === 'edit') setEditing(review);
    else if (action === 'delete') setDeleting(review);
    else {
      selection.deselect(review.id);
      moderate({ action, review });
    }
  };

  // SPEC §8 Reviews: a success toast says which reviews the filter now shows; one at a time, however fast the clicks.
  const changeStatus = (next: TStatusOption) => {
    setStatus(next);
    showToast(t('reviews.toasts.filtered', { filter: t(`reviews.filter.${next}`) }), 'success', {
      kind: 'reviews.filter',
    });
  };

  const clearFilters = () => {
    setSearchInput('');
    setStatus('all');
    setFlaggedOnly(false);
  };

  return (
    <>
      <PageTitle page="reviews" />
      <p className="page-lead">{t('reviews.lead')}</p>

      <PaymentFailedBanner />
      <MediaToolsBanner />
      <UpgradeWidget />

      <div className="reviews-toolbar">
        <SearchBox
          value={searchInput}
          onChange={setSearchInput}
          label={t('reviews.search.label')}
          placeholder={t('reviews.search.placeholder')}
          clearLabel={t('reviews.search.clear')}
          testId="reviews-search"
        />
        <StatusFilter value={status} onChange={changeStatus} stats={stats.data} />
        <FlaggedFilter pressed={flaggedOnly} onChange={setFlaggedOnly} />
        <ExportLinks status={filterStatus} search={search} flagged={flagged} />
      </div>

      <ReviewSelectionContext value={canModerate ? selection : null}>
        {canModerate && (
          <BulkActionBar selection={selection} pendingAction={bulk.pendingAction} onAction={onBulkAction} />
        )}
        <ReviewsTable
          reviews={reviews.data?.results ?? []}
          isLoading={reviews.isPending}
          isRefreshing={reviews.isPlaceholderData}
          placeholder={
            reviews.isError ? (
              <ReviewsLoadError onRetry={() => void reviews.refetch()} />
            ) : (
              <ReviewsEmpty search={search} status={status} flagged={flaggedOnly} onClear={clearFilters} />
            )
          }
          canModerate={canModerate}
          busyId={busyId}
          onOpenMedia={setMediaReview}
          onAction={onAction}
        />
      </ReviewSelectionContext>

      {reviews.data && total > 0 && (
        <Pagination
          page={page}
          pageSize={REVIEWS_PAGE_SIZE}
          shown={reviews.data.results.length}
          total={total}
          onPageChange={goToPage}
        />
      )}

      <MediaDialog review={mediaReview} onClose={() => setMediaReview(null)} />
      {canModerate && (
        <>
          <ChangeStatusDialog
            review={editing}
            isPending={editing !== null && busyId === editing.id}
            onSubmit={(review, next) =>
              moderate(
                { action: ACTION_FOR_STATUS[next], review, fromStatusDialog: true },
                { onSuccess: () => setEditing(null) },
              )
            }
            onClose={() => setEditing(null)}
          />
          <DeleteReviewDialog
            review={deleting}
            isPending={deleting !== null && busyId === deleting.id}
            onConfirm={(review) => {
              selection.deselect(review.id);
              moderate({ action: 'delete', review }, { onSettled: () => setDeleting(null) });
            }}
            onClose={() => setDeleting(null)}
          />
          <BulkDeleteDialog
            count={bulkDeleting ? selection.count : null}
            isPending={bulk.pendingAction === 'delete'}
            onConfirm={() => bulk.run({ action: 'delete', ...selection.target() })}
            onClose={() => setBulkDeleting(false)}
          />
          <ReviewDrawer review={details} busyId={busyId} onAction={onAction} onClose={() => setDetails(null)} />
          <LimitModal limit={limit} onClose={() => setLimit(null)} />
        </>
      )}
    </>
  );
}
