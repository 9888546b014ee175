import type { TPublicReview, TWidgetConfiguration } from '../../shared/storefront.js';
import { fill, h } from './dom.js';

export interface View {
  configuration: TWidgetConfiguration;
  date(iso: string): string;
  play?(): void;
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

/** Stars, name (with the verified-buyer badge), date and comment, as the settings ask: shared by tiles and the modal. */
export function details(review: TPublicReview, view: View, body: HTMLElement): HTMLElement {
  const { settings, strings } = view.configuration;
  if (settings.show_rating) body.append(stars(review.rating, strings.stars));
  // The badge shares the name's line (see widget.css for who gives way): tiles keep one height either way.
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
  return body;
}

export function mediaLabel(review: TPublicReview, configuration: TWidgetConfiguration): string {
  const { strings } = configuration;
  return fill(review.video_url ? strings.play_video : strings.view_photo, { name: nameOf(review, configuration) });
}
