/**
 * The reads one server render of a page shares: its data hooks ask for the same rows in parallel (the review counters
 * behind the list, the filter's counts and the plan's usage; the plans and the live subscription behind the plan and
 * its upgrades), and a render writes nothing, so one read answers them all. `ServerReaders` makes one per render and
 * hands it to every reader, which passes it down to the reads worth sharing; nothing is kept past the render. Passed
 * by hand rather than found in an AsyncLocalStorage: only the reads a reader opts in share, and nothing that may write
 * between two reads can reach it.
 */
export class RenderReads {
  private readonly answers = new Map<string, Promise<unknown>>();

  /** `read()` once for `key`: each caller gets the same result, or the same failure. Callers must not mutate it. */
  once<T>(key: string, read: () => Promise<T>): Promise<T> {
    let answer = this.answers.get(key) as Promise<T> | undefined;
    if (!answer) this.answers.set(key, (answer = read()));
    return answer;
  }
}

/** Through the render's reads when there is one; otherwise (API calls, jobs, which may write between reads) it reads. */
export function readOnce<T>(reads: RenderReads | undefined, key: string, read: () => Promise<T>): Promise<T> {
  return reads ? reads.once(key, read) : read();
}

/** The keys two repositories share for one read. */
export const renderReadKeys = {
  reviewCounters: (merchantId: string) => `review_counters:${merchantId}`,
};
