import { useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useCopyText } from '../../lib/useCopyText';
import { ActionButton } from '../ActionButton';
import { FormAlert } from '../form/FormAlert';
import { CheckIcon } from '../icons';

/** A key just created, shown this once in a read-only field with a Copy button, until Done. */
export function NewApiKey({ secret, onDone }: { secret: string; onDone: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const { targetRef, copied, copyFailed, copy } = useCopyText<HTMLInputElement>();

  // Where the clipboard refuses, the field's text is selected for Ctrl+C (a selection range does not reach an input).
  useEffect(() => {
    if (copyFailed) targetRef.current?.select();
  }, [copyFailed, targetRef]);

  return (
    <div className="modal-form" data-testid="api-key-created">
      <FormAlert severity="warning" testId="api-key-shown-once">
        <p id={`${id}-warning`}>{t('settingsPages.apiKeys.createdWarning')}</p>
      </FormAlert>
      <div className="field">
        <label className="field-label" htmlFor={`${id}-key`}>
          {t('settingsPages.apiKeys.keyLabel')}
        </label>
        <div className="api-key-reveal">
          <input
            ref={targetRef}
            id={`${id}-key`}
            className="input api-key-secret"
            data-testid="api-key-secret"
            value={secret}
            readOnly
            spellCheck={false}
            autoComplete="off"
            aria-describedby={`${id}-warning`}
            onFocus={(event) => event.currentTarget.select()}
            autoFocus
          />
          <button
            type="button"
            className="button button-secondary api-key-copy"
            data-testid="api-key-copy"
            data-copied={copied || undefined}
            onClick={() => void copy(secret)}
          >
            {copied && <CheckIcon />}
            {copied ? t('settingsPages.apiKeys.copied') : t('settingsPages.apiKeys.copy')}
          </button>
        </div>
        <p className="visually-hidden" aria-live="polite">
          {copied ? t('settingsPages.apiKeys.copied') : ''}
        </p>
        {copyFailed && (
          <p className="field-description" role="status">
            {t('settingsPages.apiKeys.copyFailed')}
          </p>
        )}
      </div>
      <div className="modal-actions">
        <ActionButton testId="api-key-done" onPress={onDone}>
          {t('settingsPages.apiKeys.done')}
        </ActionButton>
      </div>
    </div>
  );
}
