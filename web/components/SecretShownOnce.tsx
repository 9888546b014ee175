import { useEffect, useId, type ReactNode } from 'react';
import { useCopyText } from '../lib/useCopyText';
import { ActionButton } from './ActionButton';
import { CopyButton, CopyFeedback, type CopyTexts } from './CopyButton';
import { FormAlert } from './form/FormAlert';

export interface SecretShownOnceTexts extends CopyTexts {
  /** Why to copy it now. */
  warning: string;
  label: string;
  done: string;
}

/**
 * A secret the server shows this once (an API key, a webhook's signing secret): a read-only field with a Copy button
 * and a warning, until Done. Test ids start with `testIdPrefix` (`-created`, `-shown-once`, `-secret`, `-copy`,
 * `-done`); `children` come between the field and Done.
 */
export function SecretShownOnce({
  secret,
  texts,
  testIdPrefix,
  onDone,
  children,
}: {
  secret: string;
  texts: SecretShownOnceTexts;
  testIdPrefix: string;
  onDone: () => void;
  children?: ReactNode;
}) {
  const id = useId();
  const { targetRef, copied, copyFailed, copy } = useCopyText<HTMLInputElement>();

  // Where the clipboard refuses, the field's text is selected for Ctrl+C (a selection range does not reach an input).
  useEffect(() => {
    if (copyFailed) targetRef.current?.select();
  }, [copyFailed, targetRef]);

  return (
    <div className="modal-form" data-testid={`${testIdPrefix}-created`}>
      <FormAlert severity="warning" testId={`${testIdPrefix}-shown-once`}>
        <p id={`${id}-warning`}>{texts.warning}</p>
      </FormAlert>
      <div className="field">
        <label className="field-label" htmlFor={`${id}-secret`}>
          {texts.label}
        </label>
        <div className="secret-reveal">
          <input
            ref={targetRef}
            id={`${id}-secret`}
            className="input secret-field"
            data-testid={`${testIdPrefix}-secret`}
            value={secret}
            readOnly
            spellCheck={false}
            autoComplete="off"
            aria-describedby={`${id}-warning`}
            onFocus={(event) => event.currentTarget.select()}
            autoFocus
          />
          <CopyButton
            copied={copied}
            onCopy={() => void copy(secret)}
            texts={texts}
            className="secret-copy"
            testId={`${testIdPrefix}-copy`}
          />
        </div>
        <CopyFeedback copied={copied} copyFailed={copyFailed} texts={texts} />
      </div>
      {children}
      <div className="modal-actions">
        <ActionButton testId={`${testIdPrefix}-done`} onPress={onDone}>
          {texts.done}
        </ActionButton>
      </div>
    </div>
  );
}
