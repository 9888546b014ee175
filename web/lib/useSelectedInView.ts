import { useEffect, type RefObject } from 'react';

/** Room left beside the selected item, so the next one peeks in and the row reads as scrollable. */
const MARGIN_PX = 24;

/**
 * Keeps the selected item (`aria-selected="true"`) of a row that scrolls sideways inside its box — tabs on a phone —
 * fully in view whenever `selected` changes. Only the row scrolls, never the page. A frame later: after the focus that
 * comes with the same tap, which scrolls the row its own way.
 */
export function useSelectedInView(row: RefObject<HTMLElement | null>, selected: string): void {
  useEffect(() => {
    const frame = requestAnimationFrame(() => {
      const box = row.current;
      const item = box?.querySelector<HTMLElement>('[aria-selected="true"]');
      if (!box || !item) return;
      const outer = box.getBoundingClientRect();
      const inner = item.getBoundingClientRect();
      if (inner.left < outer.left) box.scrollLeft -= outer.left - inner.left + MARGIN_PX;
      else if (inner.right > outer.right) box.scrollLeft += inner.right - outer.right + MARGIN_PX;
    });
    return () => cancelAnimationFrame(frame);
  }, [row, selected]);
}
