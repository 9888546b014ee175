import { useCopyText } from '../lib/useCopyText';
import { CheckIcon } from './icons';

export interface CopyableCodeTexts {
  copy: string;
  copied: string;
  copyFailed: string;
}

/** A block of code with a copy button; when the clipboard refuses, the code is selected for a manual copy. */
export function CopyableCode({
  code,
  texts,
  codeTestId,
  copyTestId,
  preClassName,
}: {
  code: string;
  texts: CopyableCodeTexts;
  codeTestId: string;
  copyTestId: string;
  preClassName?: string;
}) {
  const { targetRef, copied, copyFailed, copy } = useCopyText<HTMLElement>();
  return (
    <>
      <div className="install-code">
        <pre className={preClassName ? `install-pre ${preClassName}` : 'install-pre'}>
          <code ref={targetRef} data-testid={codeTestId}>
            {code}
          </code>
        </pre>
        <button
          type="button"
          className="button button-secondary button-small install-copy"
          data-testid={copyTestId}
          data-copied={copied || undefined}
          onClick={() => void copy(code)}
        >
          {copied && <CheckIcon />}
          {copied ? texts.copied : texts.copy}
        </button>
      </div>
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
