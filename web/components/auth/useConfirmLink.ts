import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, apiFetch } from '../../api/client';

export type TConfirmState<T> =
  { status: 'working' } | { status: 'done'; result: T } | { status: 'failed'; code: string | null };

/**
 * Posts a mailed link's token once the page is in the browser (not in the server render, and once however often React
 * runs the effect). `retry` posts it again after a failure that was not the link's fault.
 */
export function useConfirmLink<T>(path: string, token: string): [TConfirmState<T>, () => void] {
  const [state, setState] = useState<TConfirmState<T>>({ status: 'working' });
  const started = useRef(false);

  const confirm = useCallback(() => {
    setState({ status: 'working' });
    apiFetch<T>(path, { method: 'POST', body: { token } }).then(
      (result) => setState({ status: 'done', result }),
      (error: unknown) => setState({ status: 'failed', code: error instanceof ApiError ? error.code : null }),
    );
  }, [path, token]);

  useEffect(() => {
    if (started.current || !token) return;
    started.current = true;
    confirm();
  }, [confirm, token]);

  return [state, confirm];
}
