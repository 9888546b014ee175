import { useId, useRef, useState } from 'react';
import { useT } from '../../i18n/useT';
import type { TReviewImportPreview } from '../../../shared/review-imports.js';
import { ApiError } from '../../api/client';
import { uploadReviewImport } from '../../api/reviewImports';
import { FormAlert } from '../form/FormAlert';

/**
 * A CSV export chosen or dropped: uploaded at once, answered with its preview. A native file input and drop events:
 * react-aria's DropZone and FileTrigger, with its ProgressBar in ImportProgress, made the page's first load 179 kB gzip
 * instead of 140 (the goal is 150).
 */
export function ImportUpload({ onPreview }: { onPreview: (preview: TReviewImportPreview) => void }) {
  const t = useT();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [over, setOver] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const labelId = useId();

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
      <div
        className="import-drop"
        data-testid="import-drop"
        role="group"
        aria-labelledby={labelId}
        data-drop-target={over || undefined}
        onDragOver={(event) => {
          event.preventDefault();
          event.dataTransfer.dropEffect = 'copy';
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={(event) => {
          event.preventDefault();
          setOver(false);
          void send(event.dataTransfer.files[0]);
        }}
      >
        <span id={labelId}>{t('settingsPages.imports.drop')}</span>
        <input
          ref={input}
          type="file"
          accept=".csv,text/csv"
          hidden
          onChange={(event) => {
            void send(event.target.files?.[0]);
            event.target.value = '';
          }}
        />
        <button
          type="button"
          className="button button-secondary"
          aria-disabled={pending || undefined}
          data-pending={pending || undefined}
          data-testid="import-choose"
          onClick={() => !pending && input.current?.click()}
        >
          {pending ? t('settingsPages.imports.reading') : t('settingsPages.imports.choose')}
        </button>
      </div>
      {error && (
        <FormAlert severity="error" testId="import-error">
          <p>{error}</p>
        </FormAlert>
      )}
    </>
  );
}
