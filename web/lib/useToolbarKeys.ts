import { useRef, type FocusEvent, type KeyboardEvent } from 'react';

/**
 * A toolbar's keyboard (WAI-ARIA toolbar pattern), spread on the element that holds its buttons: one Tab stop that
 * comes back to the button last focused, and the left and right arrows moving between buttons (no wrapping).
 */
export function useToolbarKeys() {
  // The button focused when focus last left the toolbar, focused again when it comes back.
  const lastFocused = useRef<HTMLElement | null>(null);

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const buttons = [...event.currentTarget.querySelectorAll<HTMLElement>('button:not(:disabled)')];
    const index = buttons.indexOf(event.target as HTMLElement);
    if (index < 0) return;
    if (event.key === 'ArrowRight' || event.key === 'ArrowLeft') {
      event.preventDefault();
      buttons[index + (event.key === 'ArrowRight' ? 1 : -1)]?.focus();
    } else if (event.key === 'Tab') {
      // Out in one press: from the last button (the first, going back) the browser moves on.
      lastFocused.current = buttons[index];
      (event.shiftKey ? buttons[0] : buttons[buttons.length - 1]).focus();
    }
  };

  const onBlur = (event: FocusEvent<HTMLElement>) => {
    const leaving = !event.currentTarget.contains(event.relatedTarget);
    if (leaving && !lastFocused.current) lastFocused.current = event.target;
  };

  const onFocus = (event: FocusEvent<HTMLElement>) => {
    const back = lastFocused.current;
    if (!back || event.currentTarget.contains(event.relatedTarget)) return;
    lastFocused.current = null;
    if (back !== event.target && event.currentTarget.contains(back)) back.focus();
  };

  return { onKeyDown, onBlur, onFocus };
}
