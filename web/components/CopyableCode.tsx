import { useCopyText } from '../lib/useCopyText';
import { CopyButton, CopyFeedback, type CopyTexts } from './CopyButton';

export type CopyableCodeTexts = CopyTexts;

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
        <CopyButton
          copied={copied}
          onCopy={() => void copy(code)}
          texts={texts}
          className="button-small install-copy"
          testId={copyTestId}
        />
      </div>
      <CopyFeedback copied={copied} copyFailed={copyFailed} texts={texts} />
    </>
  );
}
