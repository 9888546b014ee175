import { useEffect, useRef } from 'react';
import { useT } from '../../../i18n/useT';
import { useToast } from '../../toast/ToastProvider';

const RETURN_ERRORS = ['store_taken', 'install_failed'] as const;
export type TShopifyReturnError = (typeof RETURN_ERRORS)[number];

function returnErrorOf(value: string | undefined): TShopifyReturnError | null {
  if (!value) return null;
  return RETURN_ERRORS.find((code) => code === value) ?? 'install_failed';
}

/**
 * The way back from Shopify's approval (`?connected=1` or `?error=…`): a toast for a connection, the error for the
 * page to show. Either is said once: the query is then dropped from the address, so a reload does not repeat it.
 */
export function useShopifyReturn(search: Readonly<Record<string, string>>): TShopifyReturnError | null {
  const t = useT();
  const { showToast } = useToast();
  const connected = search.connected === '1';
  const error = returnErrorOf(search.error);
  // Effects run twice in development (strict mode): one toast.
  const handled = useRef(false);

  useEffect(() => {
    if (handled.current || (!connected && !error)) return;
    handled.current = true;
    if (connected) showToast(t('integrations.shopify.justConnected'), 'success');
    const url = new URL(window.location.href);
    url.searchParams.delete('connected');
    url.searchParams.delete('error');
    window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
  }, [connected, error, showToast, t]);

  return error;
}
