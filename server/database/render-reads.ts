import { AsyncLocalStorage } from 'node:async_hooks';

const shared = new AsyncLocalStorage<Map<string, Promise<unknown>>>();

/**
 * Runs a page's server render with reads it may share: its data hooks ask for the same rows in parallel (the review
 * counters behind the list, the filter's counts and the plan's usage; the plans behind the plan and its upgrades), and
 * a render writes nothing, so one read answers them all. Nothing is kept past the render: the next page reads afresh.
 */
export function withRenderReads<T>(render: () => Promise<T>): Promise<T> {
  return shared.run(new Map(), render);
}

/**
 * `read()` once per render for `key` (each caller gets the same result, or the same failure); outside a render (API
 * calls, jobs, anything that may write between two reads) it always reads. Callers must not mutate what it answers.
 */
export function readOnce<T>(key: string, read: () => Promise<T>): Promise<T> {
  const reads = shared.getStore();
  if (!reads) return read();
  let answer = reads.get(key) as Promise<T> | undefined;
  if (!answer) reads.set(key, (answer = read()));
  return answer;
}

/** The keys two repositories share for one read. */
export const renderReadKeys = {
  reviewCounters: (merchantId: string) => `review_counters:${merchantId}`,
};
