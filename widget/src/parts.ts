import type { TPublicReview, TWidgetConfiguration, TWidgetEventType } from '../../shared/storefront.js';
import { fill, h } from './dom.js';

export interface View {
  configuration: TWidgetConfiguration;
  date(iso: string): string;
  report?(type: TWidgetEventType, review: string): void;
  /** The review's "Helpful (n)" button, on a live widget; never inside a tile that is itself a button. */
  vote?(review: TPublicReview): HTMLElement;
}

export function stars(rating: number, label: string, className = 'vr-stars'): HTMLElement {
  const full = Math.round(rating);
  const element = h('span', className, null, { role: 'img', 'aria-label': fill(label, { n: rating }) });
  element.append(h('span', '', '★'.repeat(full)), h('span', 'vr-off', '★'.repeat(5 - full)));
  return element;
}

/** The reviewer's name, or "Anonymous" for a review without one (e.g. after a privacy erasure). */
export function nameOf(review: TPublicReview, configuration: TWidgetConfiguration): string {
  return review.customer_name || configuration.strings.anonymous;
}

/**
 * Stars, name (with the verified-buyer badge), date, comment and the store's reply, as the settings ask: shared by tiles
 * and the modal.
 */
export function details(review: TPublicReview, view: View, body: HTMLElement): HTMLElement {
  const { settings, strings } = view.configuration;
  if (settings.show_rating) body.append(stars(review.rating, strings.stars));
  // The badge wraps under the name when both do not fit: names are never cut.
  const who = body.appendChild(h('span', 'vr-who'));
  who.append(h('span', 'vr-name', nameOf(review, view.configuration)));
  if (review.verified_purchase) {
    who.append(
      h('span', 'vr-verified', strings.verified_buyer, { 'data-verified': '', title: strings.verified_buyer }),
    );
  }
  if (settings.show_date) {
    body.append(h('time', 'vr-date', view.date(review.created_at), { datetime: review.created_at }));
  }
  if (review.comment) body.append(h('span', 'vr-comment', review.comment));
  if (review.reply) {
    // A store that never gave its name is named by its site.
    const reply = body.appendChild(h('span', 'vr-reply'));
    reply.append(
      h('b', '', fill(strings.reply_from, { store: view.configuration.store_name || location.hostname })),
      '\n' + review.reply.text,
    );
  }
  if (view.vote) body.append(view.vote(review));
  return body;
}

export function mediaLabel(review: TPublicReview, configuration: TWidgetConfiguration): string {
  const { strings } = configuration;
  const label = review.video_url ? strings.play_video : review.photo_url ? strings.view_photo : strings.read_review;
  // A configuration cached before `read_review` existed has none.
  return fill(label || strings.view_photo, { name: nameOf(review, configuration) });
}

/** "0:42", "12:05": a video's length as players show it. */
export function clock(seconds: number): string {
  return Math.floor(seconds / 60) + ':' + String(seconds % 60).padStart(2, '0');
}

/** The media box (fixed ratio): thumbnail or photo, and for videos the play button, the duration when known and,
 * with autoplay, the muted preview played while visible. */
export function mediaBox(review: TPublicReview, box: HTMLElement, autoplay: IntersectionObserver | null): HTMLElement {
  const picture = review.thumbnail_url || review.photo_url;
  // A processed photo comes in sizes: tiles are at most ~360 CSS px wide, so a phone takes the 480 px one.
  const sizes: Record<string, string> =
    !review.thumbnail_url && review.photo_srcset
      ? { sizes: '(max-width: 480px) 50vw, 360px', srcset: review.photo_srcset }
      : {};
  if (picture) box.append(h('img', 'vr-thumb', null, { loading: 'lazy', alt: '', ...sizes, src: picture }));
  if (review.video_url) {
    if (autoplay) {
      const video = h('video', 'vr-autoplay', null, { muted: '', playsinline: '', loop: '', preload: 'none' });
      video.muted = true;
      video.src = review.video_url;
      if (picture) video.poster = picture;
      box.append(video);
      autoplay.observe(video);
    }
    box.append(h('span', 'vr-play'));
    if (review.video_duration) box.append(h('span', 'vr-duration', clock(review.video_duration)));
  }
  return box;
}
