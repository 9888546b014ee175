import type { ReactNode } from 'react';

/**
 * Scrolls a wide table sideways inside its box. Focusable and named, so a keyboard can scroll it too (WCAG 2.1.1)
 * when its rows hold nothing else to focus, e.g. for a member who may not act on them.
 */
export function TableScroll({
  label,
  className,
  children,
}: {
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div
      className={className ? `table-scroll ${className}` : 'table-scroll'}
      role="region"
      aria-label={label}
      tabIndex={0}
    >
      {children}
    </div>
  );
}
