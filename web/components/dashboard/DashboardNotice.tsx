import { useId, type ReactNode } from 'react';
import { CloseIcon } from '../icons';

export interface DashboardNoticeProps {
  testId: string;
  icon: ReactNode;
  title: string;
  text: string;
  link: { href: string; label: string };
  dismissLabel: string;
  onDismiss: () => void;
}

/** A dismissible note above the dashboard's figures (the Shopify setup banner, the no-reviews notice). */
export function DashboardNotice({ testId, icon, title, text, link, dismissLabel, onDismiss }: DashboardNoticeProps) {
  const titleId = useId();
  return (
    <section className="card dashboard-notice" data-testid={testId} aria-labelledby={titleId}>
      <span className="dashboard-notice-icon">{icon}</span>
      <div className="dashboard-notice-body">
        <h2 id={titleId} className="dashboard-notice-title">
          {title}
        </h2>
        <p className="dashboard-notice-text">{text}</p>
        <a href={link.href}>{link.label}</a>
      </div>
      <button
        type="button"
        className="icon-button"
        data-testid={`${testId}-dismiss`}
        aria-label={dismissLabel}
        onClick={onDismiss}
      >
        <CloseIcon />
      </button>
    </section>
  );
}
