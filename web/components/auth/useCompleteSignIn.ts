import { useCallback } from 'react';
import type { TAuthResponse } from '../../../shared/accounts.js';
import { FALLBACK_LANGUAGE, LOGIN_REDIRECT_DELAY_MS } from '../../../shared/constants.js';
import { useLanguage } from '../../i18n/useLanguage';
import { storeUser, storeWorkspaceId } from '../../session/session';
import { useToast } from '../toast/ToastProvider';

/**
 * What login and registration do once the server has set the session cookies (SPEC §4): keep the user and
 * workspace, say so, switch to the store's language, then load `destination` in full so the server renders
 * it signed in.
 */
export function useCompleteSignIn(): (response: TAuthResponse, message: string, destination: string) => void {
  const { showToast } = useToast();
  const { setLanguage } = useLanguage();

  return useCallback(
    (response, message, destination) => {
      storeUser(response);
      if (response.workspace_id) storeWorkspaceId(response.workspace_id);
      showToast(message, 'success');
      setLanguage(response.merchant?.main_language ?? FALLBACK_LANGUAGE);
      window.setTimeout(() => window.location.assign(destination), LOGIN_REDIRECT_DELAY_MS);
    },
    [showToast, setLanguage],
  );
}
