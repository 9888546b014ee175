import type { RefObject } from 'react';
import { Checkbox } from 'react-aria-components';

export interface SelectionCheckboxProps {
  label: string;
  isSelected: boolean;
  isIndeterminate?: boolean;
  isDisabled?: boolean;
  onChange: (selected: boolean) => void;
  testId: string;
  inputRef?: RefObject<HTMLInputElement | null>;
}

/** A react-aria checkbox (a native one inside, so Space toggles it) with a 40 px target around an 18 px box. */
export function SelectionCheckbox({ label, testId, ...props }: SelectionCheckboxProps) {
  return (
    <Checkbox className="select-checkbox" aria-label={label} data-testid={testId} {...props}>
      <span className="select-checkbox-box" aria-hidden="true">
        <svg viewBox="0 0 18 18" width="14" height="14" focusable="false">
          <path className="select-checkbox-check" d="M3.5 9.5 7.5 13 14.5 5" />
          <path className="select-checkbox-dash" d="M4 9h10" />
        </svg>
      </span>
    </Checkbox>
  );
}
