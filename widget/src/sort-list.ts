import type { TReviewSort } from '../../shared/storefront.js';
import type { TWidgetStringKey, TWidgetStrings } from '../../shared/widget-strings.js';
import { h } from './dom.js';
import css from './sort-list.css';

/** shared/storefront.ts REVIEW_SORTS, which the bundles do not import (it would bring zod). */
export const SORTS: TReviewSort[] = ['recent', 'highest', 'lowest', 'media', 'helpful'];

export const sortName = (strings: TWidgetStrings, sort: TReviewSort) => strings[('sort_' + sort) as TWidgetStringKey];

/**
 * The sort control's listbox (WAI-ARIA listbox pattern), in the on-demand chunk: the initial bundle draws only its
 * button (`aria-haspopup="listbox"`), and a click or an arrow key on it opens this. The options take the focus in turn:
 * arrows, Home and End move, Enter or Space chooses, Escape closes back to the button, and leaving the list closes it.
 */
export function openSort(
  button: HTMLButtonElement,
  strings: TWidgetStrings,
  current: TReviewSort,
  choose: (sort: TReviewSort) => void,
): void {
  // Placed under the button, at the start of the tools' row.
  const box = button.parentElement!;
  let list = box.querySelector('ul');
  const at = SORTS.indexOf(current);
  if (list) {
    if (!list.hidden) return close();
    list.hidden = false;
  } else {
    list = box.appendChild(h('ul', 'vr-listbox', null, { role: 'listbox', 'aria-label': strings.sort_by }));
    list.append(
      h('style', '', css),
      ...SORTS.map((sort) =>
        h('li', '', sortName(strings, sort), {
          role: 'option',
          tabindex: '-1',
          'aria-selected': String(sort === current),
        }),
      ),
    );
    const options = [...list.querySelectorAll('li')];
    const pick = (index: number) => {
      close();
      if (index !== at) choose(SORTS[index]);
    };
    list.onclick = (event) => pick(options.indexOf((event.target as Element).closest('li')!));
    list.onkeydown = (event) => {
      const key = event.key;
      const from = options.indexOf(event.target as HTMLLIElement);
      const to = ({ ArrowDown: from + 1, ArrowUp: from - 1, Home: 0, End: SORTS.length - 1 } as Record<string, number>)[
        key
      ];
      if (key === 'Escape') close();
      else if (key !== 'Tab') event.preventDefault();
      if (to !== undefined) options[Math.max(0, Math.min(SORTS.length - 1, to))].focus();
      if (key === 'Enter' || key === ' ') pick(from);
    };
    // Tab or a click elsewhere: the list closes and the focus goes where the shopper sent it.
    list.addEventListener('focusout', (event) => {
      if (!list!.contains(event.relatedTarget as Node)) hide();
    });
  }
  button.setAttribute('aria-expanded', 'true');
  list.querySelectorAll('li')[at].focus();

  function hide() {
    list!.hidden = true;
    button.setAttribute('aria-expanded', 'false');
  }
  function close() {
    hide();
    button.focus();
  }
}
