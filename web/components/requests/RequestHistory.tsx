import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useT } from '../../i18n/useT';
import { REQUESTS_PAGE_SIZE, REQUEST_STATUSES, type TRequestStatus } from '../../../shared/review-request-options.js';
import type { TReviewRequest } from '../../../shared/review-requests.js';
import {
  invalidateRequestQueries,
  runRequestAction,
  useReviewRequests,
  type TRequestAction,
} from '../../api/reviewRequests';
import { loadOnOpen } from '../../lib/loadOnOpen';
import { usePageFor, useSearchInput } from '../../lib/useListControls';
import { SearchBox } from '../SearchBox';
import { apiDetail } from '../form/apiErrors';
import { Pagination, pageCount } from '../reviews/Pagination';
import { useToast } from '../toast/ToastProvider';
import { OptionSelect } from '../widgets/OptionSelect';
import type { NewRequestDialogProps } from './NewRequestDialog';
import type { ImportDialogProps } from './ImportDialog';
import { RequestsTable } from './RequestsTable';

type TStatusOption = 'all' | TRequestStatus;
const STATUS_OPTIONS: readonly TStatusOption[] = ['all', ...REQUEST_STATUSES];

// The dialogs' code (the form and its zod schema, the file upload) loads the first time one opens.
const NewRequestDialog = loadOnOpen(
  () => import('./NewRequestDialog').then((module) => module.NewRequestDialog),
  (props: NewRequestDialogProps) => props.isOpen,
);
const ImportDialog = loadOnOpen(
  () => import('./ImportDialog').then((module) => module.ImportDialog),
  (props: ImportDialogProps) => props.isOpen,
);

/** One outcome of a row action on screen at a time. */
const ACTION_TOAST = { kind: 'requests.action' };

/** The requests sent and to send: search, a status filter, the table, its pages, and the row actions. */
export function RequestHistory({ canAct }: { canAct: boolean }) {
  const t = useT();
  const { showToast } = useToast();
  const queryClient = useQueryClient();

  const { searchInput, setSearchInput, search } = useSearchInput();
  const [status, setStatus] = useState<TStatusOption>('all');
  const { page, goToPage } = usePageFor(`${status}\n${search}`);
  const requests = useReviewRequests({ page, search, status: status === 'all' ? undefined : status });
  const total = requests.data?.count ?? 0;
  const lastPage = pageCount(total, REQUESTS_PAGE_SIZE);
  if (requests.data && !requests.isPlaceholderData && page > lastPage) goToPage(lastPage);

  useEffect(() => {
    if (requests.error) showToast(t('requests.toasts.loadError'), 'error');
  }, [requests.error, showToast, t]);

  const [creating, setCreating] = useState(false);
  const [importing, setImporting] = useState(false);

  const action = useMutation({
    mutationFn: ({ action, request }: { action: TRequestAction; request: TReviewRequest }) =>
      runRequestAction(request.id, action),
    onSuccess: (_answer, { action }) => showToast(t(`requests.toasts.${action}`), 'success', ACTION_TOAST),
    onError: (error) => showToast(apiDetail(error) ?? t('requests.toasts.actionError'), 'error', ACTION_TOAST),
    onSettled: () => invalidateRequestQueries(queryClient),
  });
  const busyId = action.isPending ? action.variables.request.id : undefined;

  const filtered = search !== '' || status !== 'all';
  const clearFilters = () => {
    setSearchInput('');
    setStatus('all');
  };

  return (
    <div className="requests-history">
      <div className="reviews-toolbar requests-toolbar">
        <SearchBox
          value={searchInput}
          onChange={setSearchInput}
          label={t('requests.search.label')}
          placeholder={t('requests.search.placeholder')}
          clearLabel={t('requests.search.clear')}
          testId="requests-search"
        />
        <OptionSelect
          name="status"
          options={STATUS_OPTIONS}
          optionLabel={(option) => (option === 'all' ? t('requests.filter.all') : t(`requests.status.${option}`))}
          value={status}
          onChange={setStatus}
          label={t('requests.filter.label')}
          testId="requests-status-filter"
        />
        {canAct && (
          <div className="requests-toolbar-actions">
            <button
              type="button"
              className="button button-secondary"
              data-testid="import-open"
              aria-haspopup="dialog"
              onClick={() => setImporting(true)}
            >
              {t('requests.import.open')}
            </button>
            <button
              type="button"
              className="button"
              data-testid="create-open"
              aria-haspopup="dialog"
              onClick={() => setCreating(true)}
            >
              {t('requests.create.open')}
            </button>
          </div>
        )}
      </div>

      <RequestsTable
        requests={requests.data?.results ?? []}
        isLoading={requests.isPending}
        isRefreshing={requests.isPlaceholderData}
        placeholder={
          requests.isError ? (
            <div className="reviews-empty" data-testid="requests-load-error">
              <p>{t('requests.loadError')}</p>
              <button
                type="button"
                className="button button-secondary button-small"
                onClick={() => void requests.refetch()}
              >
                {t('requests.retry')}
              </button>
            </div>
          ) : (
            <div className="reviews-empty" data-testid="requests-empty" data-filtered={filtered}>
              <p>{filtered ? t('requests.empty.filtered') : t('requests.empty.all')}</p>
              {filtered && (
                <button type="button" className="button button-secondary button-small" onClick={clearFilters}>
                  {t('requests.empty.clear')}
                </button>
              )}
            </div>
          )
        }
        canAct={canAct}
        busyId={busyId}
        onAction={(next, request) => action.mutate({ action: next, request })}
      />

      {requests.data && total > 0 && (
        <Pagination
          page={page}
          pageSize={REQUESTS_PAGE_SIZE}
          shown={requests.data.results.length}
          total={total}
          onPageChange={goToPage}
          label={t('requests.pagination.label')}
        />
      )}

      {canAct && (
        <>
          <NewRequestDialog isOpen={creating} onClose={() => setCreating(false)} />
          <ImportDialog isOpen={importing} onClose={() => setImporting(false)} />
        </>
      )}
    </div>
  );
}
