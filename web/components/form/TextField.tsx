import type { HTMLInputAutoCompleteAttribute, HTMLInputTypeAttribute } from 'react';
import { FieldError, Input, Label, Text, TextField as AriaTextField } from 'react-aria-components';

export interface TextFieldProps {
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  type?: Extract<HTMLInputTypeAttribute, 'text' | 'email' | 'password' | 'tel' | 'url' | 'search'>;
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

/** A labelled text input; description and errors are tied to the input through aria-describedby. */
export function TextField({ label, description, placeholder, errors = [], type = 'text', ...props }: TextFieldProps) {
  return (
    // "aria": the page validates and says what is missing; the browser's own popups would pre-empt that.
    <AriaTextField {...props} type={type} isInvalid={errors.length > 0} validationBehavior="aria" className="field">
      <Label className="field-label">
        {label}
        {props.isRequired && (
          <span className="field-required" aria-hidden="true">
            {' *'}
          </span>
        )}
      </Label>
      <Input className="input" data-testid={props.name} placeholder={placeholder} />
      {description && (
        <Text slot="description" className="field-description">
          {description}
        </Text>
      )}
      <FieldError className="field-error">
        <span role="alert">{errors.join(' ')}</span>
      </FieldError>
    </AriaTextField>
  );
}
