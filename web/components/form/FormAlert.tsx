import type { ReactNode } from 'react';
import { ErrorIcon, InfoIcon, SuccessIcon } from '../icons';

export type TAlertSeverity = 'error' | 'success' | 'info';

const ICONS = { error: ErrorIcon, success: SuccessIcon, info: InfoIcon } satisfies Record<
  TAlertSeverity,
  () => ReactNode
>;

/** A message box above or instead of a form; `data-testid` is `form-error`, `form-success` or `form-info`. */
export function FormAlert({ severity, children }: { severity: TAlertSeverity; children: ReactNode }) {
  const SeverityIcon = ICONS[severity];
  return (
    <div
      className="form-alert"
      data-severity={severity}
      data-testid={`form-${severity}`}
      role={severity === 'error' ? 'alert' : 'status'}
    >
      <SeverityIcon />
      <div className="form-alert-body">{children}</div>
    </div>
  );
}
