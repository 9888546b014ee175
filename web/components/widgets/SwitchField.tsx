import { Switch } from 'react-aria-components';

export interface SwitchFieldProps {
  name: string;
  label: string;
  isSelected: boolean;
  onChange: (isSelected: boolean) => void;
  isDisabled?: boolean;
  /** A label for screen readers only (e.g. a table row whose column header already says what it is). */
  hideLabel?: boolean;
  testId?: string;
}

/** An on/off switch: a native checkbox with role="switch" inside its label. */
export function SwitchField({ label, hideLabel = false, testId, ...props }: SwitchFieldProps) {
  return (
    <Switch {...props} className="switch" data-testid={testId}>
      <span className="toggle-track" aria-hidden="true" />
      <span className={hideLabel ? 'visually-hidden' : 'switch-label'}>{label}</span>
    </Switch>
  );
}
