import type { TPublicReview, TWidgetEventType } from '../../shared/storefront.js';
import { h } from './dom.js';
import css from './modal.css';
import { details, mediaLabel, type View } from './parts.js';

/** The review player: a modal dialog inside the shadow root, focus kept inside until it closes. */
export function openModal(parent: HTMLElement, review: TPublicReview, view: View, opener: HTMLElement): void {
  const { strings } = view.configuration;
  const modal = h('div', 'vr-modal', null, {
    role: 'dialog',
    'aria-modal': 'true',
    'aria-label': mediaLabel(review, view.configuration),
  });
  modal.append(h('style', '', css));
  const dialog = modal.appendChild(h('div', 'vr-dialog', null, { tabindex: '-1' }));
  const close = dialog.appendChild(
    h('button', 'vr-close', '×', { type: 'button', 'aria-label': strings.close, title: strings.close }),
  );
  let video: HTMLVideoElement | null = null;
  if (review.video_url) {
    video = dialog.appendChild(h('video', 'vr-player', null, { controls: '', playsinline: '', preload: 'auto' }));
    if (review.thumbnail_url) video.poster = review.thumbnail_url;
    video.src = review.video_url;
    if (view.report) watch(video, review.id, view.report);
  } else if (review.photo_url) {
    const sizes: Record<string, string> = review.photo_srcset
      ? { sizes: '(max-width: 1080px) 100vw, 1080px', srcset: review.photo_srcset }
      : {};
    dialog.append(h('img', 'vr-photo', null, { alt: '', ...sizes, src: review.photo_url }));
  }
  dialog.append(details(review, view, h('div', 'vr-body')));

  const shut = () => {
    video?.pause();
    modal.remove();
    opener.focus();
  };
  close.onclick = shut;
  modal.onclick = (event) => {
    if (event.target === modal) shut();
  };
  modal.onkeydown = (event) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      shut();
    } else if (event.key === 'Tab') {
      // Each Tab moves between these, so the focus never goes into the player's own controls (whose keys, Escape
      // included, never reach the dialog) nor out of the dialog.
      const items = Array.from(modal.querySelectorAll<HTMLElement>('button, video'));
      const at = items.indexOf((modal.getRootNode() as ShadowRoot).activeElement as HTMLElement);
      const step = event.shiftKey ? items.length - 1 : 1;
      event.preventDefault();
      // From the dialog itself (no item focused): the first, or with Shift the last.
      items[at < 0 ? (event.shiftKey ? items.length - 1 : 0) : (at + step) % items.length].focus();
    }
  };
  parent.append(modal);
  close.focus();
  video?.play().catch(() => undefined);
}

/**
 * The player's reports on one review's video: the play, each quarter watched (the last one at the end, or within
 * the last percent, as a looping or rounding player may never reach the exact end), the sound turned on after
 * having been off, full screen. Each once per opening; the server counts them once per session and review.
 */
function watch(video: HTMLVideoElement, review: string, report: (type: TWidgetEventType, review: string) => void) {
  const once = (type: TWidgetEventType) => () => report(type, review);
  let quarters = 0;
  let muted = video.muted || !video.volume;
  const progress = (share: number) => {
    for (; quarters < 4 && share >= (quarters > 2 ? 0.99 : (quarters + 1) / 4); quarters++)
      report(('watched_' + (quarters + 1) * 25) as TWidgetEventType, review);
  };
  video.addEventListener('play', once('play'), { once: true });
  video.addEventListener('timeupdate', () => video.duration && progress(video.currentTime / video.duration));
  video.addEventListener('ended', () => progress(1));
  video.addEventListener('volumechange', () => {
    const off = video.muted || !video.volume;
    if (muted && !off) report('unmute', review);
    muted = off;
  });
  for (const name of ['fullscreenchange', 'webkitbeginfullscreen'])
    video.addEventListener(name, once('fullscreen'), { once: true });
}
