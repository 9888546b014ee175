import type { ReactNode } from 'react';
import { ToggleButton, ToggleButtonGroup } from 'react-aria-components';

export interface SegmentedControlProps<T extends string | number> {
  /** Names the group for assistive technology. */
  label: string;
  testId: string;
  options: ReadonlyArray<{ value: T; content: ReactNode }>;
  value: T;
  onChange: (value: T) => void;
}

/** A single-choice group (radios to assistive technology); one option is always selected. */
export function SegmentedControl<T extends string | number>({
  label,
  testId,
  options,
  value,
  onChange,
}: SegmentedControlProps<T>) {
  return (
    <ToggleButtonGroup
      className="segmented"
      data-testid={testId}
      aria-label={label}
      selectionMode="single"
      disallowEmptySelection
      selectedKeys={[value]}
      onSelectionChange={(keys) => {
        const chosen = options.find((option) => keys.has(option.value));
        if (chosen) onChange(chosen.value);
      }}
    >
      {options.map((option) => (
        <ToggleButton key={option.value} id={option.value} className="segmented-option" data-value={option.value}>
          {option.content}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}
