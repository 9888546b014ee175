import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { useT } from '../../i18n/useT';
import { REQUESTS_PAGE_SIZE } from '../../../shared/review-request-options.js';
import { ZSuppressionCreate, type TSuppression } from '../../../shared/review-requests.js';
import { addSuppression, invalidateRequestQueries, useSuppressions } from '../../api/reviewRequests';
import { useDateFormat } from '../../lib/useDateFormat';
import { usePageFor, useSearchInput } from '../../lib/useListControls';
import { ActionButton } from '../ActionButton';
import { SearchBox } from '../SearchBox';
import { SkeletonRows } from '../SkeletonRows';
import { TableScroll } from '../TableScroll';
import { TextField } from '../form/TextField';
import { apiDetail, apiFieldErrors } from '../form/apiErrors';
import { TrashIcon } from '../icons';
import { Pagination, pageCount } from '../reviews/Pagination';
import { useToast } from '../toast/ToastProvider';
import { RemoveSuppressionDialog } from './RemoveSuppressionDialog';

const COLUMNS = ['email', 'reason', 'added'] as const;

/** The addresses never sent a request: searchable, an address added by hand, one removed after a confirmation. */
export function SuppressionsPanel({ canEdit }: { canEdit: boolean }) {
  const t = useT();
  const { showToast } = useToast();
  const formatDate = useDateFormat();
  const { searchInput, setSearchInput, search } = useSearchInput();
  const { page, goToPage } = usePageFor(search);
  const list = useSuppressions({ page, search });
  const total = list.data?.count ?? 0;
  if (list.data && !list.isPlaceholderData && page > pageCount(total, REQUESTS_PAGE_SIZE)) {
    goToPage(pageCount(total, REQUESTS_PAGE_SIZE));
  }
  useEffect(() => {
    if (list.error) showToast(t('requests.toasts.suppressionError'), 'error');
  }, [list.error, showToast, t]);

  const [removing, setRemoving] = useState<TSuppression | null>(null);
  const columnCount = COLUMNS.length + (canEdit ? 1 : 0);
  const rows = list.data?.results ?? [];

  return (
    <section className="widget-form suppressions" data-testid="suppressions">
      <header>
        <h2 className="section-title">{t('requests.suppressions.title')}</h2>
        <p className="section-text">{t('requests.suppressions.description')}</p>
      </header>
      {canEdit && <AddSuppressionForm />}
      <div className="reviews-toolbar">
        <SearchBox
          value={searchInput}
          onChange={setSearchInput}
          label={t('requests.suppressions.searchLabel')}
          placeholder={t('requests.suppressions.searchPlaceholder')}
          clearLabel={t('requests.search.clear')}
          testId="suppressions-search"
        />
      </div>
      <TableScroll label={t('requests.suppressions.caption')}>
        <table
          className="data-table suppressions-table"
          data-testid="suppressions-table"
          aria-busy={list.isPending || list.isPlaceholderData || undefined}
        >
          <caption className="visually-hidden">{t('requests.suppressions.caption')}</caption>
          <thead>
            <tr>
              {COLUMNS.map((column) => (
                <th key={column} scope="col">
                  {column === 'email' ? t('requests.suppressions.email') : t(`requests.suppressions.${column}`)}
                </th>
              ))}
              {canEdit && (
                <th scope="col">
                  <span className="visually-hidden">{t('requests.table.actions')}</span>
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {list.isPending && <SkeletonRows rows={3} columns={columnCount} />}
            {list.data && rows.length === 0 && (
              <tr>
                <td className="table-empty" colSpan={columnCount}>
                  <p className="reviews-empty" data-testid="suppressions-empty">
                    {t('requests.suppressions.empty')}
                  </p>
                </td>
              </tr>
            )}
            {rows.map((suppression) => (
              <tr key={suppression.id} data-testid="suppression-row" data-id={suppression.id}>
                <td>
                  {suppression.email ?? (
                    <span className="review-muted" title={t('requests.suppressions.erasedNote')}>
                      {t('requests.suppressions.erased')}
                    </span>
                  )}
                </td>
                <td>
                  <span className="chip chip-tint chip-reason" data-reason={suppression.reason}>
                    {t(`requests.suppressions.reasons.${suppression.reason}`)}
                  </span>
                </td>
                <td>{formatDate(suppression.created_at)}</td>
                {canEdit && (
                  <td className="table-actions">
                    <button
                      type="button"
                      className="icon-button review-action"
                      data-action="delete"
                      data-testid="suppression-remove"
                      aria-haspopup="dialog"
                      aria-label={t('requests.suppressions.remove', {
                        email: suppression.email ?? t('requests.suppressions.erased'),
                      })}
                      title={t('requests.suppressions.removeShort')}
                      onClick={() => setRemoving(suppression)}
                    >
                      <TrashIcon />
                    </button>
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
      {list.data && total > 0 && (
        <Pagination
          page={page}
          pageSize={REQUESTS_PAGE_SIZE}
          shown={rows.length}
          total={total}
          onPageChange={goToPage}
          label={t('requests.pagination.suppressions')}
        />
      )}
      {canEdit && <RemoveSuppressionDialog suppression={removing} onClose={() => setRemoving(null)} />}
    </section>
  );
}

function AddSuppressionForm() {
  const t = useT();
  const { showToast } = useToast();
  const queryClient = useQueryClient();
  const [email, setEmail] = useState('');
  const [invalid, setInvalid] = useState(false);
  const add = useMutation({
    mutationFn: addSuppression,
    onSuccess: async (added) => {
      showToast(t('requests.toasts.suppressionAdded', { email: added.email ?? '' }), 'success');
      setEmail('');
      await invalidateRequestQueries(queryClient);
    },
    onError: (error) => {
      if (!apiFieldErrors(error).email) showToast(apiDetail(error) ?? t('requests.toasts.suppressionError'), 'error');
    },
  });
  const errors = invalid ? [t('requests.settings.errors.email')] : apiFieldErrors(add.error).email;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (add.isPending) return;
    const parsed = ZSuppressionCreate.safeParse({ email: email.trim() });
    setInvalid(!parsed.success);
    if (parsed.success) add.mutate(parsed.data.email);
  };

  return (
    <form className="suppression-add" onSubmit={submit} noValidate data-testid="suppression-add">
      <TextField
        name="suppression_email"
        type="email"
        autoComplete="off"
        label={t('requests.suppressions.email')}
        value={email}
        onChange={(value) => {
          setInvalid(false);
          setEmail(value);
        }}
        errors={errors}
      />
      <ActionButton type="submit" testId="suppression-submit" isPending={add.isPending}>
        {t('requests.suppressions.add')}
      </ActionButton>
    </form>
  );
}
