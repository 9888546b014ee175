import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { TUser } from '../../../shared/accounts.js';
import type { TInstallResult } from '../../../shared/integrations.js';
import { apiFetch } from '../../api/client';
import { installShopify } from '../../api/shopify';
import { useCompleteSignIn } from './useCompleteSignIn';

/**
 * Completes a Shopify install whose OAuth return landed on the sign-up page, once: the code is single-use, so a
 * second effect run (React's strict mode) must not send it again. `query` is the page's whole query; undefined
 * means there is nothing to install.
 *
 * `new`: the store waits for this sign-up; the address bar is switched to the store's id so a reload asks for the
 * store instead of replaying a spent code. `signed_in`: a known store's owner, whose session the server has set.
 */
export function useShopifyInstall(query: Readonly<Record<string, string>> | undefined) {
  const { t } = useTranslation();
  const completeSignIn = useCompleteSignIn();

  const mutation = useMutation({
    mutationFn: async (body: Readonly<Record<string, string>>): Promise<TInstallResult> =>
      installShopify({ ...body, code: body.code ?? '' }),
    onSuccess: async (result) => {
      if (result.status === 'new') {
        const search = new URLSearchParams({ shop: result.shop, platform: 'shopify', merchant_id: result.merchant_id });
        window.history.replaceState(window.history.state, '', `/register?${search}`);
        return;
      }
      try {
        completeSignIn(await apiFetch<TUser>('/api/auth/users/me/'), t('auth.register.installSignedIn'), '/');
      } catch {
        // The session could not be read back: the dashboard's guard decides (it sends to /login if need be).
        window.location.assign('/');
      }
    },
  });

  const { mutate } = mutation;
  const started = useRef(false);
  useEffect(() => {
    if (!query || started.current) return;
    started.current = true;
    mutate(query);
  }, [query, mutate]);

  return mutation;
}
