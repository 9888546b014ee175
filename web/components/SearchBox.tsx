import { Button, Input, Label, SearchField } from 'react-aria-components';
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

/** A search field with an icon and a clear button; the caller debounces. */
export function SearchBox({ value, onChange, label, placeholder, clearLabel, testId }: SearchBoxProps) {
  return (
    <SearchField className="review-search" value={value} onChange={onChange} maxLength={200}>
      <Label className="visually-hidden">{label}</Label>
      <SearchIcon />
      <Input className="input review-search-input" data-testid={testId} placeholder={placeholder} />
      <Button className="icon-button review-search-clear" aria-label={clearLabel}>
        <CloseIcon />
      </Button>
    </SearchField>
  );
}
