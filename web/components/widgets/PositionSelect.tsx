import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { TOverridePosition } from '../../../shared/widgets.js';

export interface PositionSelectProps<T extends TOverridePosition | 'inside_product_info'> {
  options: readonly T[];
  value: T;
  onChange: (value: T) => void;
  label: string;
  testId: string;
  errors?: readonly string[];
  isDisabled?: boolean;
}

/** A native select: the platform's own picker on phones, and keyboard and screen reader support for free. */
export function PositionSelect<T extends TOverridePosition | 'inside_product_info'>({
  options,
  value,
  onChange,
  label,
  testId,
  errors = [],
  isDisabled = false,
}: PositionSelectProps<T>) {
  const { t } = useTranslation();
  const id = useId();
  const errorId = `${id}-error`;
  const invalid = errors.length > 0;

  return (
    <div className="field">
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        name="position"
        className="input widget-select"
        data-testid={testId}
        value={value}
        disabled={isDisabled}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? errorId : undefined}
        onChange={(event) => {
          const next = options.find((option) => option === event.target.value);
          if (next) onChange(next);
        }}
      >
        {options.map((option) => (
          <option key={option} value={option}>
            {t(`widgets.positions.${option}`)}
          </option>
        ))}
      </select>
      {invalid && (
        <p id={errorId} className="field-error" role="alert">
          {errors.join(' ')}
        </p>
      )}
    </div>
  );
}
