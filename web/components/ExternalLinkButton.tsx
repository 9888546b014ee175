import type { ReactNode } from 'react';
import { useT } from '../i18n/useT';
import { ExternalLinkIcon } from './icons';

export interface ExternalLinkButtonProps {
  href: string;
  children: ReactNode;
  variant?: 'primary' | 'secondary';
  testId?: string;
}

/** A link styled as a button that opens another site in a new tab, and says so to screen readers. */
export function ExternalLinkButton({ href, children, variant = 'primary', testId }: ExternalLinkButtonProps) {
  const t = useT();
  return (
    <a
      className={variant === 'primary' ? 'button' : 'button button-secondary'}
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      data-testid={testId}
    >
      {children}
      <span className="visually-hidden"> {t('integrations.opensInNewTab')}</span>
      <ExternalLinkIcon />
    </a>
  );
}
