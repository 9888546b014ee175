import type { TWidgetStrings } from '../../shared/widget-strings.js';
import { h } from './dom.js';

/**
 * Wraps a track of tiles in a carousel: the track scrolls natively with snap points (touch swipes, trackpads), the
 * arrow keys move between tiles, previous/next buttons page. Returns the region and what stops its listeners.
 */
export function carousel(track: HTMLElement, strings: TWidgetStrings, label: string): [HTMLElement, () => void] {
  const region = h('div', 'vr-carousel', null, {
    role: 'region',
    'aria-roledescription': strings.carousel,
    'aria-label': label,
  });
  const pager = (className: string, text: string, name: string, direction: number) => {
    const button = h('button', 'vr-nav ' + className, text, { type: 'button', 'aria-label': name });
    button.onclick = () => track.scrollBy(direction * Math.max(track.clientWidth * 0.8, 1), 0);
    return button;
  };
  const previous = pager('vr-prev', '‹', strings.previous, -1);
  const next = pager('vr-next', '›', strings.next, 1);
  // Buttons at an end stay focusable (a disabled button would drop the keyboard's focus) but say they do nothing.
  const update = () => {
    previous.setAttribute('aria-disabled', String(track.scrollLeft < 1));
    next.setAttribute('aria-disabled', String(track.scrollLeft > track.scrollWidth - track.clientWidth - 1));
  };
  track.onscroll = update;
  track.onkeydown = (event) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    // The arrows are the carousel's: at an end they do nothing rather than nudge the track.
    event.preventDefault();
    const tiles = Array.from(track.children) as HTMLElement[];
    const target = tiles[tiles.indexOf((event.target as Element).closest('.vr-tile') as HTMLElement) + step];
    if (!target) return;
    target.focus({ preventScroll: true });
    // Whole, not just "visible enough" as focusing alone leaves a tile at the track's end.
    target.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  };
  region.append(previous, track, next);
  update();
  requestAnimationFrame(update);
  addEventListener('resize', update);
  return [region, () => removeEventListener('resize', update)];
}
