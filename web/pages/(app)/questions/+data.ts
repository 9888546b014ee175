import type { PageContextServer } from 'vike/types';
import type { TQuestionsRead } from '../../../../shared/server-api.js';
import { QUESTIONS_LIST_QUERY_KEY, QUESTION_STATS_QUERY_KEY } from '../../../api/questions';
import { prefetched, type TDehydratedData } from '../../../api/queryClient';

/** What the page shows first: page 1 of every question, no search. */
const FIRST_PAGE: TQuestionsRead = { page: 1, search: '', status: undefined };

/**
 * The first page of questions and the filter's counts, read in process on the server: the list arrives with the
 * page, not as skeletons. Without a reader (no store, no permission) or after a failed read, the browser asks.
 */
export async function data(pageContext: PageContextServer): Promise<TDehydratedData | undefined> {
  const { questions, questionStats } = pageContext.serverApi ?? {};
  if (!questions) return undefined;
  return prefetched([
    { queryKey: [...QUESTIONS_LIST_QUERY_KEY, FIRST_PAGE], queryFn: () => questions(FIRST_PAGE) },
    ...(questionStats ? [{ queryKey: QUESTION_STATS_QUERY_KEY, queryFn: questionStats }] : []),
  ]);
}
