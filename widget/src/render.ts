import type { TPublicReview, TPublicReviews, TWidgetConfiguration } from '../../shared/storefront.js';
import { fill, h, warn } from './dom.js';
import { openModal } from './modal.js';
import { details, mediaLabel, stars, type View } from './parts.js';
import css from './widget.css';

/** Reviews per request; also the batch when initial_videos_count is 0 (all). */
export const PAGE_SIZE = 50;

/** What a live widget adds to a static render (a preview passes none). */
export interface Hooks {
  /** Fetches the list's `next` page. */
  more?(next: string): Promise<TPublicReviews>;
  /** Opens the submission form in `slot`. */
  write?(slot: HTMLElement, button: HTMLButtonElement): void;
  play?(): void;
}

const cleanups = new WeakMap<ShadowRoot, () => void>();

function tile(review: TPublicReview, view: View, parent: HTMLElement, autoplay: IntersectionObserver | null) {
  const picture = review.thumbnail_url || review.photo_url;
  const button = h('button', 'vr-tile', null, { type: 'button', 'data-review-id': review.id });
  if (review.video_url || picture) {
    button.setAttribute('aria-label', mediaLabel(review, view.configuration));
    const box = button.appendChild(h('span', 'vr-media'));
    if (picture) box.append(h('img', 'vr-thumb', null, { loading: 'lazy', alt: '', src: picture }));
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
    }
  } else {
    button.classList.add('vr-text');
  }
  button.append(details(review, view, h('span', 'vr-body')));
  button.onclick = () => openModal(parent, review, view, button);
  return button;
}

/** Renders (or re-renders) the whole widget into `root`, synchronously, from data already at hand. */
export function render(
  root: ShadowRoot,
  host: HTMLElement,
  configuration: TWidgetConfiguration,
  data: TPublicReviews,
  hooks: Hooks = {},
): void {
  cleanups.get(root)?.();
  const { settings, strings, language } = configuration;
  const colors: Record<string, string> = {
    primary: settings.primary_color,
    secondary: settings.secondary_color,
    text: settings.text_color,
    bg: settings.background_color,
  };
  for (const name in colors) host.style.setProperty('--vr-' + name, colors[name]);

  let format: Intl.DateTimeFormat;
  try {
    format = new Intl.DateTimeFormat(language, { dateStyle: 'medium' });
  } catch {
    format = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
  }
  const view: View = { configuration, date: (iso) => format.format(new Date(iso)), play: hooks.play };
  const autoplay =
    settings.autoplay_videos && window.IntersectionObserver
      ? new IntersectionObserver((entries) => {
          for (const entry of entries) {
            const video = entry.target as HTMLVideoElement;
            if (entry.isIntersecting) video.play().catch(() => undefined);
            else video.pause();
          }
        })
      : null;
  cleanups.set(root, () => autoplay?.disconnect());

  const wrap = h('div', 'vr-root' + (settings.compact_mode ? ' vr-compact' : ''), null, { lang: language });
  if (settings.widget_title) wrap.append(h('h2', 'vr-title', settings.widget_title));
  const actions = h('div', 'vr-actions');
  if (data.count) {
    const summary = wrap.appendChild(h('div', 'vr-summary'));
    if (settings.show_rating && data.average_rating != null) {
      summary.append(
        h('span', 'vr-average', data.average_rating.toFixed(1)),
        stars(data.average_rating, strings.stars, 'vr-summary-stars'),
      );
    }
    summary.append(
      h('span', 'vr-count', fill(data.count === 1 ? strings.reviews_one : strings.reviews_many, { n: data.count })),
    );
    const grid = wrap.appendChild(h('div', 'vr-grid'));
    const list = data.results.slice();
    const batch = settings.initial_videos_count || PAGE_SIZE;
    let next = hooks.more ? data.next : null;
    let shown = 0;
    const more = actions.appendChild(h('button', 'vr-btn vr-more', strings.show_more, { type: 'button' }));
    const reveal = (upTo: number) => {
      const first = shown;
      for (; shown < Math.min(upTo, list.length); shown++) grid.append(tile(list[shown], view, wrap, autoplay));
      if (shown < list.length || next) return;
      // The button goes away: keep the keyboard where the new tiles are.
      if (more.isConnected && first && more === root.activeElement) (grid.children[first] as HTMLElement).focus();
      more.remove();
    };
    more.onclick = () => {
      const wanted = shown + batch;
      if (list.length >= wanted || !next || !hooks.more) return reveal(wanted);
      more.disabled = true;
      hooks
        .more(next)
        .then(
          (page) => {
            list.push(...page.results.filter((review) => !list.some((known) => known.id === review.id)));
            next = page.next;
          },
          () => warn('Could not load more reviews.'),
        )
        .then(() => {
          more.disabled = false;
          reveal(wanted);
        });
    };
    reveal(batch);
  } else {
    wrap.append(h('p', 'vr-empty', strings.no_reviews));
  }
  const write = actions.appendChild(h('button', 'vr-btn vr-write', strings.write_review, { type: 'button' }));
  const slot = h('div', 'vr-form-slot');
  write.onclick = () => hooks.write?.(slot, write);
  wrap.append(actions, slot);
  root.textContent = '';
  root.append(h('style', '', css), wrap);
}
