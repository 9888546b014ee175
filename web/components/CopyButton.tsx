import { CheckIcon } from './icons';

export interface CopyTexts {
  copy: string;
  copied: string;
  /** The clipboard refused: the text is selected for a manual copy. */
  copyFailed: string;
}

/** The Copy button of a code block or a read-only field, whose target `useCopyText` holds. */
export function CopyButton({
  copied,
  onCopy,
  texts,
  className,
  testId,
}: {
  /** From `useCopyText`. */
  copied: boolean;
  onCopy: () => void;
  texts: CopyTexts;
  className: string;
  testId: string;
}) {
  return (
    <button
      type="button"
      className={`button button-secondary ${className}`}
      data-testid={testId}
      data-copied={copied || undefined}
      onClick={onCopy}
    >
      {copied && <CheckIcon />}
      {copied ? texts.copied : texts.copy}
    </button>
  );
}

/** What a screen reader hears once the text is copied, and the hint shown when the clipboard refused. */
export function CopyFeedback({
  copied,
  copyFailed,
  texts,
}: {
  copied: boolean;
  copyFailed: boolean;
  texts: CopyTexts;
}) {
  return (
    <>
      <p className="visually-hidden" aria-live="polite">
        {copied ? texts.copied : ''}
      </p>
      {copyFailed && (
        <p className="field-description" role="status">
          {texts.copyFailed}
        </p>
      )}
    </>
  );
}
