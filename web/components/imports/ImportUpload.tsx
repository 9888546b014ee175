import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, DropZone, FileTrigger, Text } from 'react-aria-components';
import type { TReviewImportPreview } from '../../../shared/review-imports.js';
import { ApiError } from '../../api/client';
import { uploadReviewImport } from '../../api/reviewImports';
import { FormAlert } from '../form/FormAlert';

/** A CSV export chosen or dropped: uploaded at once, answered with its preview. */
export function ImportUpload({ onPreview }: { onPreview: (preview: TReviewImportPreview) => void }) {
  const { t } = useTranslation();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const send = async (file: File | undefined) => {
    if (!file || pending) return;
    setPending(true);
    setError(null);
    try {
      onPreview(await uploadReviewImport(file));
    } catch (err) {
      setError(err instanceof ApiError ? err.message : t('settingsPages.imports.uploadError'));
    } finally {
      setPending(false);
    }
  };

  return (
    <>
      <DropZone
        className="import-drop"
        data-testid="import-drop"
        getDropOperation={() => 'copy'}
        onDrop={async (event) => {
          for (const item of event.items) {
            if (item.kind === 'file') return send(await item.getFile());
          }
        }}
      >
        <Text slot="label">{t('settingsPages.imports.drop')}</Text>
        <FileTrigger acceptedFileTypes={['.csv', 'text/csv']} onSelect={(files) => void send(files?.[0])}>
          <Button className="button button-secondary" isPending={pending} data-testid="import-choose">
            {pending ? t('settingsPages.imports.reading') : t('settingsPages.imports.choose')}
          </Button>
        </FileTrigger>
      </DropZone>
      {error && (
        <FormAlert severity="error" testId="import-error">
          <p>{error}</p>
        </FormAlert>
      )}
    </>
  );
}
