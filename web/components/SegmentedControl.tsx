import type { ReactNode } from 'react';
import { useToolbarKeys } from '../lib/useToolbarKeys';

export interface SegmentedControlProps<T extends string | number> {
  /** Names the group for assistive technology: `label`, or the id of an element saying it (`labelledBy`). */
  label?: string;
  labelledBy?: string;
  describedBy?: string;
  testId: string;
  options: ReadonlyArray<{ value: T; content: ReactNode }>;
  value: T;
  onChange: (value: T) => void;
  isDisabled?: boolean;
}

/**
 * A single-choice group (radios to assistive technology); one option is always selected. The keyboard works as in
 * a toolbar: one Tab stop (coming back to the option last focused), the arrow keys move between options, Space or
 * Enter chooses. Plain buttons: no library code.
 */
export function SegmentedControl<T extends string | number>({
  label,
  labelledBy,
  describedBy,
  testId,
  options,
  value,
  onChange,
  isDisabled = false,
}: SegmentedControlProps<T>) {
  const toolbarKeys = useToolbarKeys();

  return (
    <div
      className="segmented"
      data-testid={testId}
      role="radiogroup"
      aria-label={label}
      aria-labelledby={label === undefined ? labelledBy : undefined}
      aria-describedby={describedBy}
      aria-orientation="horizontal"
      aria-disabled={isDisabled || undefined}
      {...toolbarKeys}
    >
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          role="radio"
          aria-checked={option.value === value}
          className="segmented-option"
          data-value={option.value}
          data-selected={option.value === value || undefined}
          disabled={isDisabled}
          onClick={() => {
            if (option.value !== value) onChange(option.value);
          }}
        >
          {option.content}
        </button>
      ))}
    </div>
  );
}
