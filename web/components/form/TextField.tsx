import { useId, type HTMLInputAutoCompleteAttribute, type HTMLInputTypeAttribute } from 'react';

export interface TextFieldProps {
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  type?: Extract<HTMLInputTypeAttribute, 'text' | 'email' | 'password' | 'tel' | 'url' | 'search' | 'number' | 'time'>;
  autoComplete?: HTMLInputAutoCompleteAttribute;
  description?: string;
  /** An example of the expected value; the label still says what the field is. */
  placeholder?: string;
  /** Messages for this field (e.g. the API's `fields[name]`), shown under the input. */
  errors?: readonly string[];
  isRequired?: boolean;
  isDisabled?: boolean;
  isReadOnly?: boolean;
  autoFocus?: boolean;
}

/**
 * A labelled text input; description and errors are tied to the input through aria-describedby. Plain HTML (a label,
 * an input, two texts): it needs no library code, so the forms' pages load none for it.
 */
export function TextField({
  name,
  label,
  value,
  onChange,
  type = 'text',
  description,
  placeholder,
  errors = [],
  isRequired,
  isDisabled,
  isReadOnly,
  ...props
}: TextFieldProps) {
  const id = useId();
  const invalid = errors.length > 0;
  const describedBy = [description && `${id}-description`, invalid && `${id}-error`].filter(Boolean).join(' ');
  return (
    <div className="field">
      <label className="field-label" htmlFor={id}>
        {label}
        {isRequired && (
          <span className="field-required" aria-hidden="true">
            {' *'}
          </span>
        )}
      </label>
      {/* aria-required, not required: the page validates and says what is missing, the browser's popups would
          pre-empt that. */}
      <input
        {...props}
        id={id}
        className="input"
        data-testid={name}
        name={name}
        type={type}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        placeholder={placeholder}
        aria-required={isRequired || undefined}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy || undefined}
        disabled={isDisabled}
        readOnly={isReadOnly}
      />
      {description && (
        <span id={`${id}-description`} className="field-description">
          {description}
        </span>
      )}
      {invalid && (
        <span id={`${id}-error`} className="field-error">
          <span role="alert">{errors.join(' ')}</span>
        </span>
      )}
    </div>
  );
}
