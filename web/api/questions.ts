import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { QUESTIONS_PAGE_SIZE, type TQuestionBulkAction, type TQuestionStatus } from '../../shared/question-options.js';
import type {
  TQuestion,
  TQuestionAnswerInput,
  TQuestionBulk,
  TQuestionBulkResult,
  TQuestionStats,
} from '../../shared/questions.js';
import type { TPage } from '../../shared/reviews.js';
import { apiFetch } from './client';

const QUESTIONS_QUERY_PREFIX = ['questions'] as const;
export const QUESTIONS_LIST_QUERY_KEY = ['questions', 'list'] as const;
export const QUESTION_STATS_QUERY_KEY = ['questions', 'stats'] as const;

export interface TQuestionListParams {
  page: number;
  search: string;
  /** undefined: every question. */
  status: TQuestionStatus | undefined;
}

const questionPath = (id: string, action?: 'answer' | 'publish' | 'unpublish') =>
  `/api/questions/${encodeURIComponent(id)}/${action ? `${action}/` : ''}`;

export function fetchQuestions({ page, search, status }: TQuestionListParams): Promise<TPage<TQuestion>> {
  const query = new URLSearchParams({ page: String(page), page_size: String(QUESTIONS_PAGE_SIZE) });
  if (search) query.set('search', search);
  if (status) query.set('status', status);
  return apiFetch<TPage<TQuestion>>(`/api/questions/?${query}`);
}

/** The previous page stays on screen while the next one loads, so the list does not flash empty. */
export function useQuestions(params: TQuestionListParams) {
  return useQuery({
    queryKey: [...QUESTIONS_LIST_QUERY_KEY, params],
    queryFn: () => fetchQuestions(params),
    placeholderData: keepPreviousData,
  });
}

export function useQuestionStats() {
  return useQuery({
    queryKey: QUESTION_STATS_QUERY_KEY,
    queryFn: () => apiFetch<TQuestionStats>('/api/questions/stats/'),
  });
}

/** Every change refreshes the list and the filter's counts behind it. */
function useQuestionChange<T, R>(request: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: QUESTIONS_QUERY_PREFIX }),
  });
}

export function useAnswerQuestion(id: string) {
  return useQuestionChange((body: TQuestionAnswerInput) =>
    apiFetch<TQuestion>(questionPath(id, 'answer'), { method: 'PUT', body }),
  );
}

export function usePublishQuestion() {
  return useQuestionChange(({ id, published }: { id: string; published: boolean }) =>
    apiFetch<TQuestion>(questionPath(id, published ? 'publish' : 'unpublish'), { method: 'POST' }),
  );
}

export function useDeleteQuestion() {
  return useQuestionChange((id: string) => apiFetch<void>(questionPath(id), { method: 'DELETE' }));
}

export function useBulkQuestions() {
  return useQuestionChange((body: TQuestionBulk & { action: TQuestionBulkAction }) =>
    apiFetch<TQuestionBulkResult>('/api/questions/bulk/', { method: 'POST', body }),
  );
}
