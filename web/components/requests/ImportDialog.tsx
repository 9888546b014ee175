import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useT } from '../../i18n/useT';
import type { TReviewRequestImport } from '../../../shared/review-requests.js';
import { importReviewRequests, invalidateRequestQueries } from '../../api/reviewRequests';
import { ActionButton } from '../ActionButton';
import { ModalDialogView } from '../ModalDialogView';
import { FormAlert } from '../form/FormAlert';
import { apiDetail } from '../form/apiErrors';

export interface ImportDialogProps {
  isOpen: boolean;
  onClose: () => void;
}

/** The CSV import's columns, in the example file's order (web/public/review-requests-example.csv). */
const COLUMNS = [
  'customer_email',
  'customer_name',
  'locale',
  'order_id',
  'product_id',
  'product_name',
  'product_url',
  'product_image_url',
] as const;

/** A CSV of orders to ask about: the good lines are scheduled, the bad ones listed by line with the reason. */
export function ImportDialog({ isOpen, onClose }: ImportDialogProps) {
  const t = useT();
  const [isPending, setPending] = useState(false);
  return (
    <ModalDialogView
      title={t('requests.import.title')}
      isOpen={isOpen}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      testId="import-dialog"
      isDismissable={!isPending}
    >
      <ImportForm onDone={onClose} onPendingChange={setPending} />
    </ModalDialogView>
  );
}

function ImportForm({ onDone, onPendingChange }: { onDone: () => void; onPendingChange: (p: boolean) => void }) {
  const t = useT();
  const queryClient = useQueryClient();
  const fileId = useId();
  const [file, setFile] = useState<File | null>(null);

  const upload = useMutation({
    mutationFn: importReviewRequests,
    onMutate: () => onPendingChange(true),
    onSettled: () => onPendingChange(false),
    onSuccess: () => invalidateRequestQueries(queryClient),
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (file && !upload.isPending) upload.mutate(file);
  };

  return (
    <form className="modal-form" noValidate onSubmit={submit} data-testid="import-form">
      <p className="modal-text">{t('requests.import.help')}</p>
      <p className="import-columns">
        {COLUMNS.map((column) => (
          <code key={column}>{column}</code>
        ))}
      </p>
      <a href="/review-requests-example.csv" download data-testid="import-example">
        {t('requests.import.example')}
      </a>
      <div className="field">
        <label className="field-label" htmlFor={fileId}>
          {t('requests.import.file')}
        </label>
        <input
          id={fileId}
          className="input"
          type="file"
          name="file"
          accept=".csv,text/csv"
          data-testid="import-file"
          onChange={(event) => {
            setFile(event.target.files?.[0] ?? null);
            upload.reset();
          }}
        />
      </div>
      {upload.isError && (
        <FormAlert severity="error">{apiDetail(upload.error) ?? t('requests.import.notCsv')}</FormAlert>
      )}
      {upload.data && <ImportResult result={upload.data} />}
      <div className="modal-actions">
        <ActionButton variant="secondary" isDisabled={upload.isPending} onPress={onDone} testId="import-close">
          {t('requests.import.close')}
        </ActionButton>
        <ActionButton type="submit" testId="import-submit" isDisabled={!file} isPending={upload.isPending}>
          {t('requests.import.submit')}
        </ActionButton>
      </div>
    </form>
  );
}

function ImportResult({ result }: { result: TReviewRequestImport }) {
  const t = useT();
  return (
    <div className="import-result" data-testid="import-result">
      <FormAlert severity={result.errors.length ? 'warning' : 'success'} testId="import-scheduled">
        {t('requests.import.scheduled', { count: result.scheduled })}
      </FormAlert>
      {result.errors.length > 0 && (
        <>
          <h3 className="field-label">{t('requests.import.errorsTitle')}</h3>
          <ul className="import-errors" data-testid="import-errors">
            {result.errors.map(({ line, reason }) => (
              <li key={`${line}\n${reason}`} data-testid="import-error" data-line={line}>
                <strong>{t('requests.import.line', { line })}</strong> {reason}
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
