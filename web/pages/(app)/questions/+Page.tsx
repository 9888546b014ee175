import { useEffect, useState } from 'react';
import { useT } from '../../../i18n/useT';
import { usePageContext } from 'vike-react/usePageContext';
import '../../../styles/reviews.css';
import '../../../styles/moderation.css';
import '../../../styles/questions.css';
import { QUESTION_STATUSES, QUESTIONS_PAGE_SIZE, type TQuestionStatus } from '../../../../shared/question-options.js';
import type { TQuestion, TQuestionBulkResult } from '../../../../shared/questions.js';
import { can } from '../../../../shared/session.js';
import {
  useBulkQuestions,
  useDeleteQuestion,
  usePublishQuestion,
  useQuestionStats,
  useQuestions,
} from '../../../api/questions';
import { ActionButton } from '../../../components/ActionButton';
import { ModalDialog } from '../../../components/ModalDialog';
import { PageTitle } from '../../../components/PageTitle';
import { SearchBox } from '../../../components/SearchBox';
import { SegmentedControl } from '../../../components/SegmentedControl';
import { QuestionCard, type TQuestionAction } from '../../../components/questions/QuestionCard';
import { Pagination, pageCount } from '../../../components/reviews/Pagination';
import { useToast } from '../../../components/toast/ToastProvider';
import { usePageFor, useSearchInput } from '../../../lib/useListControls';
import { useToolbarKeys } from '../../../lib/useToolbarKeys';

type TFilter = 'all' | TQuestionStatus;
const FILTERS: readonly TFilter[] = ['all', ...QUESTION_STATUSES];
type TBulkAction = 'publish' | 'unpublish' | 'delete';

export default function Page() {
  const t = useT();
  const { showToast } = useToast();
  const { user } = usePageContext();
  const canModerate = can(user, 'moderate_reviews');
  const toolbarKeys = useToolbarKeys();

  const { searchInput, setSearchInput, search } = useSearchInput();
  const [status, setStatus] = useState<TFilter>('all');
  const { page, goToPage } = usePageFor(`${status}\n${search}`);
  const questions = useQuestions({ page, search, status: status === 'all' ? undefined : status });
  const stats = useQuestionStats();
  const total = questions.data?.count ?? 0;
  const lastPage = pageCount(total, QUESTIONS_PAGE_SIZE);
  if (questions.data && !questions.isPlaceholderData && page > lastPage) goToPage(lastPage);

  const [picked, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [deleting, setDeleting] = useState<TQuestion[] | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);
  const publish = usePublishQuestion();
  const remove = useDeleteQuestion();
  const bulk = useBulkQuestions();
  const rows = questions.data?.results ?? [];
  // A selection is of the questions on screen: what another page or filter showed does not count.
  const selected = new Set(rows.filter((row) => picked.has(row.id)).map((row) => row.id));

  useEffect(() => {
    if (questions.error) showToast(t('questions.empty.error'), 'error');
  }, [questions.error, showToast, t]);

  const failed = () => showToast(t('questions.actions.error'), 'error');
  const onAction = (action: TQuestionAction, question: TQuestion) => {
    if (action === 'delete') return setDeleting([question]);
    setBusyId(question.id);
    publish.mutate(
      { id: question.id, published: action === 'publish' },
      {
        onSuccess: () => showToast(t(`questions.actions.${action}ed`), 'success'),
        onError: failed,
        onSettled: () => setBusyId(null),
      },
    );
  };
  const runBulk = (action: TBulkAction, ids = [...selected]) =>
    bulk.mutate(
      { action, ids },
      {
        onSuccess: (result: TQuestionBulkResult) => {
          setDeleting(null);
          setSelected(new Set());
          showToast(
            result.not_allowed ? t('questions.bulk.notAllowed') : t('questions.bulk.done', { count: result.changed }),
            result.not_allowed ? 'warning' : 'success',
          );
        },
        onError: failed,
      },
    );
  const confirmDelete = () => {
    if (!deleting) return;
    if (deleting.length > 1)
      return runBulk(
        'delete',
        deleting.map((question) => question.id),
      );
    remove.mutate(deleting[0].id, {
      onSuccess: () => {
        setDeleting(null);
        showToast(t('questions.actions.deleted'), 'success');
      },
      onError: failed,
    });
  };

  const toggle = (id: string, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const allSelected = rows.length > 0 && rows.every((row) => selected.has(row.id));

  return (
    <>
      <PageTitle page="questions" />
      <p className="page-lead">{t('questions.lead')}</p>

      <div className="reviews-toolbar">
        <SearchBox
          value={searchInput}
          onChange={setSearchInput}
          label={t('questions.search.label')}
          placeholder={t('questions.search.placeholder')}
          clearLabel={t('questions.search.clear')}
          testId="questions-search"
        />
        <SegmentedControl
          label={t('questions.filter.label')}
          testId="questions-filter"
          value={status}
          onChange={setStatus}
          options={FILTERS.map((option) => ({
            value: option,
            content: (
              <>
                {t(`questions.filter.${option}`)}
                {stats.data && (
                  <span className="segmented-count">
                    {option === 'all'
                      ? stats.data.pending + stats.data.answered + stats.data.published
                      : stats.data[option]}
                  </span>
                )}
              </>
            ),
          }))}
        />
      </div>

      {canModerate && rows.length > 0 && (
        <div className="bulk-bar questions-bulk" data-active={selected.size > 0 || undefined} data-testid="bulk-bar">
          <label className="questions-select-page">
            <input
              type="checkbox"
              data-testid="questions-select-page"
              checked={allSelected}
              onChange={(event) => setSelected(new Set(event.target.checked ? rows.map((row) => row.id) : []))}
            />
            {t('questions.list.selectPage')}
          </label>
          <p className="bulk-bar-status" role="status" data-testid="bulk-status">
            {selected.size > 0 ? t('questions.bulk.selected', { count: selected.size }) : null}
          </p>
          {selected.size > 0 && (
            <div
              className="bulk-bar-tools"
              role="toolbar"
              aria-label={t('questions.bulk.toolbar')}
              aria-orientation="horizontal"
              {...toolbarKeys}
            >
              <span className="bulk-bar-actions">
                {(['publish', 'unpublish'] as const).map((action) => (
                  <ActionButton
                    key={action}
                    variant="secondary"
                    testId={`bulk-${action}`}
                    isPending={bulk.isPending && bulk.variables?.action === action}
                    onPress={() => runBulk(action)}
                  >
                    {t(`questions.actions.${action}`)}
                  </ActionButton>
                ))}
                <ActionButton
                  variant="danger"
                  testId="bulk-delete"
                  onPress={() => setDeleting(rows.filter((row) => selected.has(row.id)))}
                >
                  {t('questions.actions.delete')}
                </ActionButton>
                <ActionButton variant="secondary" testId="bulk-clear" onPress={() => setSelected(new Set())}>
                  {t('questions.bulk.clear')}
                </ActionButton>
              </span>
            </div>
          )}
        </div>
      )}

      {questions.isPending ? (
        <div className="question-list" aria-busy="true" aria-label={t('questions.list.loading')}>
          {[0, 1, 2].map((row) => (
            <span key={row} className="skeleton question-skeleton" aria-hidden="true" />
          ))}
        </div>
      ) : rows.length === 0 ? (
        <div className="reviews-empty" data-testid="questions-empty">
          {questions.isError ? (
            <>
              <p>{t('questions.empty.error')}</p>
              <ActionButton variant="secondary" onPress={() => void questions.refetch()}>
                {t('questions.empty.retry')}
              </ActionButton>
            </>
          ) : search || status !== 'all' ? (
            <>
              <p>{t('questions.empty.filtered')}</p>
              <ActionButton
                variant="secondary"
                onPress={() => {
                  setSearchInput('');
                  setStatus('all');
                }}
              >
                {t('questions.empty.clear')}
              </ActionButton>
            </>
          ) : (
            <p>{t('questions.empty.none')}</p>
          )}
        </div>
      ) : (
        <ul
          className="question-list"
          data-testid="questions-list"
          aria-label={t('questions.list.label')}
          aria-busy={questions.isPlaceholderData || undefined}
        >
          {rows.map((question) => (
            <QuestionCard
              key={question.id}
              question={question}
              canModerate={canModerate}
              selected={selected.has(question.id)}
              onSelect={(on) => toggle(question.id, on)}
              busy={busyId === question.id}
              onAction={onAction}
            />
          ))}
        </ul>
      )}

      {questions.data && total > 0 && (
        <Pagination
          page={page}
          pageSize={QUESTIONS_PAGE_SIZE}
          shown={rows.length}
          total={total}
          onPageChange={goToPage}
          label={t('questions.pagination.label')}
        />
      )}

      {canModerate && (
        <ModalDialog
          title={
            deleting && deleting.length > 1
              ? t('questions.deleteDialog.titleMany', { count: deleting.length })
              : t('questions.deleteDialog.title')
          }
          isOpen={deleting !== null}
          onOpenChange={(isOpen) => {
            if (!isOpen) setDeleting(null);
          }}
          testId="question-delete-dialog"
          role="alertdialog"
          isDismissable={!remove.isPending && !bulk.isPending}
        >
          <p className="modal-text">{t('questions.deleteDialog.body')}</p>
          <div className="modal-actions">
            <ActionButton
              variant="secondary"
              isDisabled={remove.isPending || bulk.isPending}
              onPress={() => setDeleting(null)}
            >
              {t('questions.deleteDialog.cancel')}
            </ActionButton>
            <ActionButton
              variant="danger"
              testId="confirm-question-delete"
              isPending={remove.isPending || bulk.isPending}
              onPress={confirmDelete}
            >
              {t('questions.deleteDialog.confirm')}
            </ActionButton>
          </div>
        </ModalDialog>
      )}
    </>
  );
}
