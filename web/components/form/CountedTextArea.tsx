/** A labelled textarea with a length limit, the characters left said under it (and tied to it for screen readers). */
export function CountedTextArea({
  id,
  label,
  value,
  onChange,
  maxLength,
  rows,
  left,
  testId,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  maxLength: number;
  rows: number;
  /** The line under the field, from the characters left. */
  left: (count: number) => string;
  testId: string;
}) {
  return (
    <>
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <textarea
        id={id}
        className="input textarea"
        data-testid={testId}
        rows={rows}
        value={value}
        maxLength={maxLength}
        aria-describedby={`${id}-help`}
        onChange={(event) => onChange(event.target.value)}
      />
      <span id={`${id}-help`} className="field-description">
        {left(maxLength - value.length)}
      </span>
    </>
  );
}
