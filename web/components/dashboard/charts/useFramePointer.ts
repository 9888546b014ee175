import { useEffect, useRef, useState, type PointerEvent } from 'react';

/** Where the pointer is in an element, as shares of its width and height (0–1). */
export interface TPointerAt {
  x: number;
  y: number;
}

/**
 * Where the pointer is over an element, read at most once a frame (SPEC §9: a tooltip follows the pointer about
 * every 16.7 ms however fast the events come); null when it is elsewhere.
 */
export function useFramePointer() {
  const [at, setAt] = useState<TPointerAt | null>(null);
  const frame = useRef(0);
  const last = useRef<{ x: number; y: number; rect: DOMRect } | null>(null);

  useEffect(() => () => cancelAnimationFrame(frame.current), []);

  const onPointerMove = (event: PointerEvent<HTMLElement>) => {
    last.current = { x: event.clientX, y: event.clientY, rect: event.currentTarget.getBoundingClientRect() };
    if (frame.current) return;
    frame.current = requestAnimationFrame(() => {
      frame.current = 0;
      const seen = last.current;
      if (!seen || !seen.rect.width || !seen.rect.height) return;
      const x = (seen.x - seen.rect.left) / seen.rect.width;
      const y = (seen.y - seen.rect.top) / seen.rect.height;
      setAt(x < 0 || x > 1 || y < 0 || y > 1 ? null : { x, y });
    });
  };
  const onPointerLeave = () => {
    cancelAnimationFrame(frame.current);
    frame.current = 0;
    last.current = null;
    setAt(null);
  };
  // A tap on a phone points too.
  return { at, handlers: { onPointerMove, onPointerDown: onPointerMove, onPointerLeave } };
}
