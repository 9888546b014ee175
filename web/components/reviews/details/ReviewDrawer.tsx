import { useId } from 'react';
import { useT } from '../../../i18n/useT';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import type { TModerationAction, TReview } from '../../../../shared/reviews.js';
import { AriaLocale } from '../../../i18n/AriaLocale';
import { useReviewDetail } from '../../../api/reviewDetails';
import { useDateFormat } from '../../../lib/useDateFormat';
import { ActionButton } from '../../ActionButton';
import { ProductName } from '../../ProductName';
import { CloseIcon, ExternalLinkIcon, QuoteIcon } from '../../icons';
import { ACTION_VARIANTS, moderationActionsFor, stateOf } from '../bulk/moderationActions';
import { MediaStateChip } from '../MediaStateChip';
import { ModerationFlags } from '../ModerationFlags';
import { RatingStars } from '../RatingStars';
import { ReviewMediaPlayer } from '../ReviewMediaPlayer';
import { ReviewStatusChip } from '../ReviewStatusChip';
import { customerName, productName } from '../reviewDisplay';
import { ReviewHistory } from './ReviewHistory';
import { PinButton } from './PinButton';
import { ReviewReply } from './ReviewReply';

export interface ReviewDrawerProps {
  /** The review opened from its row; the drawer is closed while it is null. */
  review: TReview | null;
  /** The review whose moderation is in flight. */
  busyId: string | undefined;
  onAction: (action: TModerationAction, review: TReview) => void;
  onClose: () => void;
}

/** A review in full, its history and its moderation, in a side panel (full width on phones). */
export function ReviewDrawer({ review, onClose, ...props }: ReviewDrawerProps) {
  return (
    <AriaLocale>
      <ModalOverlay
        className="review-drawer-scrim"
        isOpen={review !== null}
        onOpenChange={(isOpen) => {
          if (!isOpen) onClose();
        }}
        isDismissable
      >
        <Modal className="review-drawer" data-testid="review-drawer">
          <Dialog className="review-drawer-dialog">
            {review && <ReviewDetails review={review} onClose={onClose} {...props} />}
          </Dialog>
        </Modal>
      </ModalOverlay>
    </AriaLocale>
  );
}

function ReviewDetails({ review: opened, busyId, onAction, onClose }: ReviewDrawerProps & { review: TReview }) {
  const t = useT();
  const formatDate = useDateFormat(true);
  // The row's copy at first, then the review as it is after each moderation.
  const review = useReviewDetail(opened).data;
  const customer = customerName(review, t('reviews.anonymous'));
  const hasMedia = review.video_url !== null || review.photo_url !== null;
  const titleId = useId();

  return (
    <>
      <header className="review-drawer-head">
        <Heading slot="title" id={titleId} className="review-drawer-title">
          {t('moderation.details.title', { customer })}
        </Heading>
        <button
          type="button"
          className="icon-button"
          aria-label={t('moderation.details.close')}
          data-testid="review-drawer-close"
          onClick={onClose}
        >
          <CloseIcon />
        </button>
      </header>

      {/* Focusable: it scrolls when the review is long, and a keyboard must reach all of it. */}
      <div className="review-drawer-body" role="region" aria-labelledby={titleId} tabIndex={0}>
        {hasMedia ? (
          <div className="media-frame review-drawer-media">
            <ReviewMediaPlayer review={review} />
          </div>
        ) : (
          <p className="review-note review-text-only" data-testid="review-drawer-text-only">
            <QuoteIcon />
            {t('reviews.textOnly')}
          </p>
        )}
        <MediaStateChip review={review} detailed />
        <ModerationFlags review={review} />

        <section aria-labelledby="review-comment-title">
          <h3 id="review-comment-title" className="review-drawer-subtitle">
            {t('moderation.details.comment')}
          </h3>
          {review.comment.trim() ? (
            <p className="review-drawer-comment" data-testid="review-drawer-comment">
              {review.comment}
            </p>
          ) : (
            <p className="review-muted">{t('reviews.noComment')}</p>
          )}
        </section>

        <ReviewReply review={review} />

        <dl className="review-facts">
          <dt>{t('moderation.details.product')}</dt>
          <dd>
            <ProductName name={productName(review)} url={null} source={review.product.source} />
            {review.product.url &&
              // What a storefront page sent is shown, never followed.
              (review.product.source === 'storefront' ? (
                <span className="review-facts-url" data-testid="review-drawer-product-url">
                  {review.product.url}
                </span>
              ) : (
                <a
                  className="review-facts-link"
                  href={review.product.url}
                  target="_blank"
                  rel="noopener noreferrer"
                  data-testid="review-drawer-product-link"
                >
                  {t('moderation.details.viewProduct')}
                  <span className="visually-hidden"> {t('moderation.details.newTab')}</span>
                  <ExternalLinkIcon />
                </a>
              ))}
          </dd>
          <dt>{t('moderation.details.customer')}</dt>
          <dd className={review.customer.name.trim() ? undefined : 'review-muted'}>{customer}</dd>
          <dt>{t('moderation.details.email')}</dt>
          <dd>
            {review.customer.email ? (
              <a className="review-facts-link" href={`mailto:${review.customer.email}`}>
                {review.customer.email}
              </a>
            ) : (
              <span className="review-muted">{t('moderation.details.noEmail')}</span>
            )}
          </dd>
          <dt>{t('moderation.details.rating')}</dt>
          <dd>
            <RatingStars rating={review.rating} />
          </dd>
          <dt>{t('moderation.details.date')}</dt>
          <dd>
            <time dateTime={review.created_at}>{formatDate(review.created_at)}</time>
          </dd>
          <dt>{t('moderation.details.status')}</dt>
          <dd data-testid="review-drawer-status">
            <ReviewStatusChip review={review} />
          </dd>
          <dt>{t('moderation.details.verified')}</dt>
          <dd data-testid="review-drawer-verified" data-verified={review.verified_purchase}>
            {t(review.verified_purchase ? 'moderation.details.verifiedYes' : 'moderation.details.verifiedNo')}
          </dd>
        </dl>

        <ReviewHistory review={review} />
      </div>

      <footer className="review-drawer-actions" role="group" aria-label={t('moderation.details.actions')}>
        {!review.deleted && <PinButton review={review} />}
        {moderationActionsFor(stateOf(review)).map((action) => (
          <ActionButton
            key={action}
            variant={ACTION_VARIANTS[action]}
            testId={`drawer-${action}`}
            isPending={busyId === review.id}
            onPress={() => onAction(action, review)}
          >
            {t(`moderation.bulk.actions.${action}`)}
          </ActionButton>
        ))}
      </footer>
    </>
  );
}
