import { useCallback } from 'react';
import type { TUser } from '../../../shared/accounts.js';
import { FALLBACK_LANGUAGE, LOGIN_REDIRECT_DELAY_MS } from '../../../shared/constants.js';
import { useLanguage } from '../../i18n/useLanguage';
import { storeUser, storeWorkspaceId } from '../../session/session';
import { useToast } from '../toast/ToastProvider';

/**
 * What login, registration and a Shopify install do once the server has set the session cookies (SPEC §4): keep
 * the user and workspace, say so, switch to the store's language, then load `destination` in full so the server
 * renders it signed in.
 */
export function useCompleteSignIn(): (user: TUser, message: string, destination: string) => void {
  const { showToast } = useToast();
  const { setLanguage } = useLanguage();

  return useCallback(
    (user, message, destination) => {
      storeUser(user);
      if (user.workspace_id) storeWorkspaceId(user.workspace_id);
      showToast(message, 'success');
      setLanguage(user.merchant?.main_language ?? FALLBACK_LANGUAGE);
      window.setTimeout(() => window.location.assign(destination), LOGIN_REDIRECT_DELAY_MS);
    },
    [showToast, setLanguage],
  );
}
