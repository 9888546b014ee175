import { useId } from 'react';

export interface CheckOption<T extends string> {
  value: T;
  /** A line on what choosing it means. */
  description: string;
}

/**
 * A required group of checkboxes, each with its value (as code) and a line on what it means, the API's refusals under
 * them. Test ids: `${testIdPrefix}s-field`, `${testIdPrefix}-${value}`, `${testIdPrefix}s-error`.
 */
export function CheckOptionsField<T extends string>({
  name,
  legend,
  options,
  selected,
  onChange,
  errors,
  testIdPrefix,
}: {
  name: string;
  legend: string;
  options: readonly CheckOption<T>[];
  selected: ReadonlySet<T>;
  onChange: (selected: ReadonlySet<T>) => void;
  errors: readonly string[];
  testIdPrefix: string;
}) {
  const id = useId();
  const invalid = errors.length > 0;
  const toggle = (value: T, on: boolean) => {
    const next = new Set(selected);
    if (on) next.add(value);
    else next.delete(value);
    onChange(next);
  };

  return (
    <fieldset
      className="check-options"
      data-testid={`${testIdPrefix}s-field`}
      aria-describedby={invalid ? `${id}-error` : undefined}
    >
      <legend className="field-label">
        {legend}
        <span className="field-required" aria-hidden="true">
          {' *'}
        </span>
      </legend>
      {options.map(({ value, description }) => (
        <div key={value} className="check-option">
          <input
            id={`${id}-${value}`}
            type="checkbox"
            name={name}
            value={value}
            data-testid={`${testIdPrefix}-${value}`}
            checked={selected.has(value)}
            onChange={(event) => toggle(value, event.target.checked)}
            aria-describedby={`${id}-${value}-description`}
            aria-invalid={invalid || undefined}
          />
          <label htmlFor={`${id}-${value}`}>
            <code>{value}</code>
          </label>
          <span id={`${id}-${value}-description`} className="field-description">
            {description}
          </span>
        </div>
      ))}
      {invalid && (
        <span id={`${id}-error`} className="field-error" data-testid={`${testIdPrefix}s-error`}>
          <span role="alert">{errors.join(' ')}</span>
        </span>
      )}
    </fieldset>
  );
}
