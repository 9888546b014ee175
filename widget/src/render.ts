import type {
  TPublicReview,
  TPublicReviews,
  TReviewSort,
  TWidgetConfiguration,
  TWidgetEventType,
} from '../../shared/storefront.js';
import { carousel } from './carousel.js';
import { fill, h, storage, warn } from './dom.js';
import { later } from './later.js';
import { details, mediaBox, mediaLabel, stars, type View } from './parts.js';
import css from './widget.css';

/** Reviews per request; also the batch when initial_videos_count is 0 (all). */
export const PAGE_SIZE = 50;

/** What a live widget adds to a static render (a preview passes none). */
export interface Hooks {
  /** Fetches the list's `next` page. */
  more?(next: string): Promise<TPublicReviews>;
  /** Opens the submission form in `slot`. */
  write?(slot: HTMLElement, button: HTMLButtonElement): void;
  /** Opens or closes the Questions panel in `slot` (issue 25). */
  questions?(slot: HTMLElement, button: HTMLButtonElement): void;
  /** Reports what the shopper did with a review's video (a play, the player's reports). */
  report?(type: TWidgetEventType, review: string): void;
  /** Fetches the first page in another sort, or with a star filter (0: none). */
  view?(sort: TReviewSort, rating: number): Promise<TPublicReviews>;
  /** Sends the shopper's "helpful" vote. */
  vote?(review: TPublicReview): void;
}

/** The sort and star filter (0: none) the data was fetched with. */
export interface Shown {
  sort: TReviewSort;
  rating: number;
}

const cleanups = new WeakMap<ShadowRoot, () => void>();

/** Black or white, whichever reads better on the merchant's primary colour (buttons' text). */
function onColor(hex: string): string {
  const [r, g, b] = [1, 3, 5].map((at) => {
    const c = parseInt(hex.slice(at, at + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b > 0.179 ? '#000' : '#fff';
}

/** A grid or carousel tile is one button opening the review; a list row shows everything, its media opens it. */
function tile(review: TPublicReview, view: View, parent: HTMLElement, autoplay: IntersectionObserver | null) {
  const row = view.configuration.settings.layout === 'list';
  const media = review.video_url || review.thumbnail_url || review.photo_url;
  const element = h(row ? 'div' : 'button', 'vr-tile', null, { 'data-review-id': review.id });
  let opener: HTMLElement = element;
  if (media) {
    const label = mediaLabel(review, view.configuration);
    const box = element.appendChild(h(row ? 'button' : 'span', 'vr-media'));
    // A list's media button shows no text: it is named. A tile is named by its content, so the action is said first
    // and what shows (name, date, comment) is read too.
    if (row) (opener = box).setAttribute('aria-label', label);
    else box.append(h('span', 'vr-sr', label));
    mediaBox(review, box, autoplay);
  } else {
    element.classList.add('vr-text');
  }
  // A tile that is a button holds no other button: its vote is in the review's dialog.
  element.append(details(review, row ? view : { ...view, vote: undefined }, h('span', 'vr-body')));
  if (opener instanceof HTMLButtonElement) {
    opener.type = 'button';
    opener.onclick = () =>
      later().then(
        () => window.__vrModal?.(parent, review, view, opener),
        (error: Error) => warn(error.message),
      );
  }
  return element;
}

/** Average, stars and count, with how many reviews gave each number of stars. */
function summary(
  data: TPublicReviews,
  configuration: TWidgetConfiguration,
  rating: number,
  filter?: (n: number) => void,
): HTMLElement {
  const { settings, strings } = configuration;
  const element = h('div', 'vr-summary');
  const score = element.appendChild(h('div', 'vr-score'));
  if (settings.show_rating && data.average_rating != null) {
    score.append(
      h('span', 'vr-average', data.average_rating.toFixed(1)),
      stars(data.average_rating, strings.stars, 'vr-summary-stars'),
    );
  }
  score.append(
    h('span', 'vr-count', fill(data.count === 1 ? strings.reviews_one : strings.reviews_many, { n: data.count })),
  );
  if (settings.show_rating && data.distribution) {
    const bars = element.appendChild(h('div', 'vr-distribution'));
    const counts: Record<string, number> = data.distribution;
    // Relative to the counts themselves (a preview's are of the reviews it shows, fewer than its count).
    const total = Object.keys(counts).reduce((sum, n) => sum + counts[n], 0) || 1;
    for (let n = 5; n > 0; n--) {
      const count = counts[n] || 0;
      const track = h('span', 'vr-bar');
      track.appendChild(h('span')).style.width = (count * 100) / total + '%';
      const row = h('div', 'vr-bar-row', null, {
        role: 'img',
        'aria-label': fill(strings.distribution_row, { n, count }),
      });
      // On a live widget each bar sits in a toggle filtering the list to its number of stars (named by the bar).
      const holder = filter
        ? bars.appendChild(h('button', '', null, { type: 'button', 'aria-pressed': '' + (n === rating) }))
        : bars;
      holder.append(row);
      if (filter) holder.onclick = () => filter(n);
      row.append(h('span', 'vr-bar-stars', n + ' ★'), track, h('span', 'vr-bar-count', String(count)));
    }
  }
  return element;
}

/** Renders (or re-renders) the whole widget into `root`, synchronously, from data already at hand. */
export function render(
  root: ShadowRoot,
  host: HTMLElement,
  configuration: TWidgetConfiguration,
  data: TPublicReviews,
  hooks: Hooks = {},
  current: Shown = { sort: 'recent', rating: 0 },
): void {
  cleanups.get(root)?.();
  const { settings, strings, language } = configuration;
  const layout = settings.layout || 'grid';
  const colors: Record<string, string> = {
    primary: settings.primary_color,
    'on-primary': onColor(settings.primary_color),
    secondary: settings.secondary_color,
    text: settings.text_color,
    bg: settings.background_color,
    // A tile's lines of text: stars, the name (two: the badge may go under it), date, comment (see widget.css).
    lines: '' + (+settings.show_rating + +settings.show_date + (settings.compact_mode ? 3 : 5)),
  };
  for (const name in colors) host.style.setProperty('--vr-' + name, colors[name]);

  let format: Intl.DateTimeFormat;
  try {
    format = new Intl.DateTimeFormat(language, { dateStyle: 'medium' });
  } catch {
    format = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
  }
  // A configuration cached before these controls existed has none of their strings: no controls then.
  const { vote, view: reload } = strings.helpful ? hooks : ({} as Hooks);
  const view: View = {
    configuration,
    date: (iso) => format.format(new Date(iso)),
    report: hooks.report,
    // The count the shopper saw after their vote is remembered, so a cached answer from before it shows no less.
    vote:
      vote &&
      ((review) => {
        const key = 'vr:v:' + review.id;
        let mine = +storage(key)!;
        const count = Math.max(review.helpful_count || 0, mine);
        const button = h('button', 'vr-btn vr-out', fill(strings.helpful, { n: count }), {
          type: 'button',
          'aria-pressed': '' + !!mine,
        });
        button.onclick = () => {
          if (mine) return;
          storage(key, (mine = count + 1));
          button.setAttribute('aria-pressed', 'true');
          button.textContent = fill(strings.helpful, { n: mine });
          vote(review);
        };
        return button;
      }),
  };
  // Another sort or filter: the first page of it, rendered anew, the focus back on the control used.
  const change = (sort: TReviewSort, rating: number, focus: string) =>
    reload!(sort, rating).then(
      (page) => {
        render(root, host, configuration, page, hooks, { sort, rating });
        root.querySelector<HTMLElement>(focus)!.focus();
      },
      () => warn('Could not load reviews.'),
    );
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
  let stop = () => undefined as void;
  cleanups.set(root, () => {
    autoplay?.disconnect();
    stop();
  });

  const wrap = h('div', 'vr-root' + (settings.compact_mode ? ' vr-compact' : ''), null, {
    lang: language,
    'data-layout': layout,
  });
  // The player and the form are fetched on the first sign of interest, so a click rarely waits for them.
  wrap.addEventListener('pointerover', () => later().catch(() => undefined), { once: true });
  wrap.addEventListener('focusin', () => later().catch(() => undefined), { once: true });
  if (settings.widget_title) wrap.append(h('h2', 'vr-title', settings.widget_title));
  const actions = h('div', 'vr-actions');
  if (data.count) {
    const rating = current.rating;
    wrap.append(
      summary(
        data,
        configuration,
        rating,
        reload && ((n) => change(current.sort, n === rating ? 0 : n, `.vr-distribution>:nth-child(${6 - n})`)),
      ),
    );
    if (reload) {
      const tools = wrap.appendChild(h('div', 'vr-tools'));
      // The button is drawn here; its listbox comes with the on-demand chunk (sort-list.ts), placed under it.
      const sort = tools.appendChild(
        h('button', 'vr-btn vr-out vr-sort-btn', strings.sort_by + ': ' + strings[`sort_${current.sort}`], {
          type: 'button',
          'aria-haspopup': 'listbox',
          'aria-expanded': 'false',
        }),
      );
      sort.onclick = () =>
        later().then(
          () => window.__vrSort!(sort, strings, current.sort, (to) => change(to, rating, '.vr-sort-btn')),
          (error: Error) => warn(error.message),
        );
      // The active filter, saying how to clear it.
      if (rating) {
        tools.appendChild(
          h('button', 'vr-btn vr-out', fill(strings.filter_active, { n: rating }), { type: 'button' }),
        ).onclick = () => change(current.sort, 0, '.vr-sort-btn');
      }
    }
    const grid = h('div', 'vr-grid');
    if (layout === 'carousel') {
      const [region, cleanup] = carousel(grid, strings, settings.widget_title || strings.carousel);
      stop = cleanup;
      wrap.append(region);
    } else {
      wrap.append(grid);
    }
    const list = data.results.slice();
    // A carousel holds everything loaded: it scrolls instead of growing.
    const batch = (layout !== 'carousel' && settings.initial_videos_count) || PAGE_SIZE;
    // As many grid columns as the first batch needs (up to 4, 6 when compact): a few reviews fill the width.
    grid.style.setProperty(
      '--vr-cols',
      String(Math.max(1, Math.min(batch, list.length, settings.compact_mode ? 6 : 4))),
    );
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
  // Questions and answers (issue 25): a disclosure button; the panel is in the on-demand chunk.
  const ask = actions.appendChild(
    h('button', 'vr-btn vr-ask', strings.questions, { type: 'button', 'aria-expanded': 'false' }),
  );
  const questions = h('div');
  ask.onclick = () => hooks.questions?.(questions, ask);
  wrap.append(actions, slot, questions);
  root.textContent = '';
  root.append(h('style', '', css), wrap);
}
