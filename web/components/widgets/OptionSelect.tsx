import { useId } from 'react';

export interface OptionSelectProps<T extends string> {
  name: string;
  options: readonly T[];
  value: T;
  onChange: (value: T) => void;
  /** What each option says. */
  optionLabel: (option: T) => string;
  label: string;
  description?: string;
  testId: string;
  errors?: readonly string[];
  isDisabled?: boolean;
}

/**
 * A labelled choice of a widget setting (a position, the language). A native select: the platform's own picker on
 * phones, and keyboard and screen reader support for free.
 */
export function OptionSelect<T extends string>({
  name,
  options,
  value,
  onChange,
  optionLabel,
  label,
  description,
  testId,
  errors = [],
  isDisabled = false,
}: OptionSelectProps<T>) {
  const id = useId();
  const invalid = errors.length > 0;
  const describedBy = [description && `${id}-description`, invalid && `${id}-error`].filter(Boolean).join(' ');

  return (
    <div className="field">
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        name={name}
        className="input widget-select"
        data-testid={testId}
        value={value}
        disabled={isDisabled}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy || undefined}
        onChange={(event) => {
          const next = options.find((option) => option === event.target.value);
          if (next) onChange(next);
        }}
      >
        {options.map((option) => (
          <option key={option} value={option}>
            {optionLabel(option)}
          </option>
        ))}
      </select>
      {description && (
        <span id={`${id}-description`} className="field-description">
          {description}
        </span>
      )}
      {invalid && (
        <p id={`${id}-error`} className="field-error" role="alert">
          {errors.join(' ')}
        </p>
      )}
    </div>
  );
}
