import { QueryClient, hydrate } from '@tanstack/react-query';
import { dehydratedData, getDehydratedState } from '../../web/api/dehydrated.js';

// A `+data` hook sends the queries it read as JSON text (vike's serializer is 8× slower on them, issue 29); the
// wrapper turns them back into the cache the page's own queries read.

async function read(queries: Array<{ queryKey: unknown[]; queryFn: () => Promise<unknown> }>) {
  const server = new QueryClient();
  await Promise.all(queries.map((query) => server.prefetchQuery({ ...query, retry: false })));
  return dehydratedData(server);
}

describe('dehydrated data', () => {
  it('sends the reads that succeeded under their keys, leaving out a failed one', async () => {
    const data = await read([
      { queryKey: ['reviews', 'list', { page: 1, status: undefined }], queryFn: async () => ({ count: 2 }) },
      { queryKey: ['stats'], queryFn: async () => Promise.reject(new Error('database away')) },
    ]);
    expect(typeof data.dehydratedJson).toBe('string');

    const browser = new QueryClient();
    hydrate(browser, getDehydratedState(data)!);
    // The key the page asks with (its `status` undefined) finds the read: the hash leaves undefined out either way.
    expect(browser.getQueryData(['reviews', 'list', { page: 1, status: undefined }])).toEqual({ count: 2 });
    expect(browser.getQueryState(['stats'])).toBeUndefined();
    expect(browser.getQueryCache().getAll()).toHaveLength(1);
  });

  it('carries what the API would answer: dates as ISO text', async () => {
    const when = new Date('2026-11-30T12:00:00.000Z');
    const data = await read([{ queryKey: ['review'], queryFn: async () => ({ comment: 'Filmed it myself', when }) }]);
    const [query] = getDehydratedState(data)!.queries;
    expect(query.state.data).toEqual({ comment: 'Filmed it myself', when: '2026-11-30T12:00:00.000Z' });
  });

  it('parses a page’s data once, however often the wrapper renders', async () => {
    const data = await read([{ queryKey: ['plan'], queryFn: async () => ({ name: 'Pro' }) }]);
    expect(getDehydratedState(data)).toBe(getDehydratedState(data));
  });

  it('has nothing for a page without data', () => {
    expect(getDehydratedState(undefined)).toBeUndefined();
    expect(getDehydratedState({ other: 1 })).toBeUndefined();
  });
});
