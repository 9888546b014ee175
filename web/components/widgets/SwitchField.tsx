import { useId } from 'react';

export interface SwitchFieldProps {
  name: string;
  label: string;
  isSelected: boolean;
  onChange: (isSelected: boolean) => void;
  isDisabled?: boolean;
  /** A label for screen readers only (e.g. a table row whose column header already says what it is). */
  hideLabel?: boolean;
  /** What the switch does, under it (tied to it for screen readers). */
  description?: string;
  testId?: string;
}

/** An on/off switch: a visually hidden native checkbox with role="switch" inside its label, a track drawn for it. */
export function SwitchField({
  name,
  label,
  isSelected,
  onChange,
  isDisabled = false,
  hideLabel = false,
  description,
  testId,
}: SwitchFieldProps) {
  const id = useId();
  const control = (
    <label
      className="switch"
      data-testid={testId}
      data-selected={isSelected || undefined}
      data-disabled={isDisabled || undefined}
    >
      <input
        type="checkbox"
        role="switch"
        className="visually-hidden"
        name={name}
        checked={isSelected}
        disabled={isDisabled}
        onChange={(event) => onChange(event.target.checked)}
        aria-describedby={description ? `${id}-description` : undefined}
      />
      <span className="toggle-track" aria-hidden="true" />
      <span className={hideLabel ? 'visually-hidden' : 'switch-label'}>{label}</span>
    </label>
  );
  if (!description) return control;
  return (
    <div className="field">
      {control}
      <span id={`${id}-description`} className="field-description">
        {description}
      </span>
    </div>
  );
}
