import type { ReactNode } from 'react';
import { ErrorIcon, InfoIcon, SuccessIcon, WarningIcon } from '../icons';

export type TAlertSeverity = 'error' | 'warning' | 'success' | 'info';

const ICONS = { error: ErrorIcon, warning: WarningIcon, success: SuccessIcon, info: InfoIcon } satisfies Record<
  TAlertSeverity,
  () => ReactNode
>;

export interface FormAlertProps {
  severity: TAlertSeverity;
  children: ReactNode;
  /** Defaults to `form-error`, `form-warning`, `form-success` or `form-info`. */
  testId?: string;
}

/** A message box above or instead of a form. */
export function FormAlert({ severity, children, testId = `form-${severity}` }: FormAlertProps) {
  const SeverityIcon = ICONS[severity];
  return (
    <div
      className="form-alert"
      data-severity={severity}
      data-testid={testId}
      role={severity === 'error' ? 'alert' : 'status'}
    >
      <SeverityIcon />
      <div className="form-alert-body">{children}</div>
    </div>
  );
}
