import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useT } from '../../i18n/useT';
import type { TUser } from '../../../shared/accounts.js';
import type { TInstallResult } from '../../../shared/integrations.js';
import { apiFetch } from '../../api/client';
import { installShopify, installTiendaNube } from '../../api/installs';
import { useCompleteSignIn } from './useCompleteSignIn';
import type { TInstallPlatform } from './registerMode';

const INSTALL: Record<TInstallPlatform, (query: Readonly<Record<string, string>>) => Promise<TInstallResult>> = {
  // Shopify signed the whole query: all of it goes back.
  shopify: (query) => installShopify({ ...query, code: query.code ?? '' }),
  tiendanube: (query) => installTiendaNube({ code: query.code ?? '' }),
};

/** Where a reload goes once the code is spent: the store's id, which GET /api/merchants/{id}/ answers. */
function claimedSearch(result: TInstallResult): URLSearchParams {
  return result.platform === 'shopify'
    ? new URLSearchParams({ shop: result.shop, platform: 'shopify', merchant_id: result.merchant_id })
    : new URLSearchParams({ platform: result.platform, merchant_id: result.merchant_id });
}

/**
 * Completes an install whose OAuth return landed on the sign-up page, once: the code is single-use, so a second
 * effect run (React's strict mode) must not send it again. `query` is what the platform brought; undefined means
 * there is nothing to install.
 *
 * `new`: the store waits for this sign-up; the address bar is switched to the store's id so a reload asks for the
 * store instead of replaying a spent code. `signed_in`: a known store's owner, whose session the server has set.
 */
export function usePlatformInstall(
  platform: TInstallPlatform | undefined,
  query: Readonly<Record<string, string>> | undefined,
) {
  const t = useT();
  const completeSignIn = useCompleteSignIn();

  const mutation = useMutation({
    mutationFn: ({ on, body }: { on: TInstallPlatform; body: Readonly<Record<string, string>> }) => INSTALL[on](body),
    onSuccess: async (result) => {
      if (result.status === 'new') {
        window.history.replaceState(window.history.state, '', `/register?${claimedSearch(result)}`);
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
    if (!platform || !query || started.current) return;
    started.current = true;
    mutate({ on: platform, body: query });
  }, [platform, query, mutate]);

  return mutation;
}
