import { useEffect, useRef, type RefObject } from 'react';

export interface SelectionCheckboxProps {
  label: string;
  isSelected: boolean;
  isIndeterminate?: boolean;
  isDisabled?: boolean;
  onChange: (selected: boolean) => void;
  testId: string;
  inputRef?: RefObject<HTMLInputElement | null>;
}

/** A native checkbox (so Space toggles it), visually hidden, with a 40 px target around an 18 px box drawn for it. */
export function SelectionCheckbox({
  label,
  testId,
  isSelected,
  isIndeterminate = false,
  isDisabled = false,
  onChange,
  inputRef,
}: SelectionCheckboxProps) {
  const ownRef = useRef<HTMLInputElement>(null);
  const ref = inputRef ?? ownRef;
  // Mixed has no attribute: it is a property of the element.
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = isIndeterminate;
  }, [ref, isIndeterminate]);

  return (
    <label
      className="select-checkbox"
      data-testid={testId}
      data-selected={isSelected || undefined}
      data-indeterminate={isIndeterminate || undefined}
      data-disabled={isDisabled || undefined}
    >
      <input
        ref={ref}
        type="checkbox"
        className="visually-hidden"
        aria-label={label}
        checked={isSelected}
        disabled={isDisabled}
        onChange={(event) => onChange(event.target.checked)}
      />
      <span className="select-checkbox-box" aria-hidden="true">
        <svg viewBox="0 0 18 18" width="14" height="14" focusable="false">
          <path className="select-checkbox-check" d="M3.5 9.5 7.5 13 14.5 5" />
          <path className="select-checkbox-dash" d="M4 9h10" />
        </svg>
      </span>
    </label>
  );
}
