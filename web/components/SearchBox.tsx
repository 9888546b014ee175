import { useId, useRef } from 'react';
import { CloseIcon, SearchIcon } from './icons';

export interface SearchBoxProps {
  value: string;
  onChange: (value: string) => void;
  /** Already translated. */
  label: string;
  placeholder: string;
  clearLabel: string;
  testId: string;
}

/**
 * A search field with an icon and a clear button; the caller debounces. Escape clears it too. The clear button is
 * left out of the Tab order (Escape does its job from the keyboard) and gives the focus back to the field.
 */
export function SearchBox({ value, onChange, label, placeholder, clearLabel, testId }: SearchBoxProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  return (
    <div className="review-search" data-empty={value === '' || undefined}>
      <label className="visually-hidden" htmlFor={id}>
        {label}
      </label>
      <SearchIcon />
      <input
        ref={input}
        id={id}
        type="search"
        maxLength={200}
        className="input review-search-input"
        data-testid={testId}
        placeholder={placeholder}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={(event) => {
          if (event.key !== 'Escape' || value === '') return;
          event.preventDefault();
          onChange('');
        }}
      />
      <button
        type="button"
        className="icon-button review-search-clear"
        aria-label={clearLabel}
        tabIndex={-1}
        onMouseDown={(event) => event.preventDefault()}
        onClick={() => {
          onChange('');
          input.current?.focus();
        }}
      >
        <CloseIcon />
      </button>
    </div>
  );
}
