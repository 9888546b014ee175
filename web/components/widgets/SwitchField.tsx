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

/** An on/off switch: a visually hidden native checkbox with role="switch" inside its label, a track drawn for it. */
export function SwitchField({
  name,
  label,
  isSelected,
  onChange,
  isDisabled = false,
  hideLabel = false,
  testId,
}: SwitchFieldProps) {
  return (
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
      />
      <span className="toggle-track" aria-hidden="true" />
      <span className={hideLabel ? 'visually-hidden' : 'switch-label'}>{label}</span>
    </label>
  );
}
