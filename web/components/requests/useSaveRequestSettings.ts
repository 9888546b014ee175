import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useT } from '../../i18n/useT';
import type { TReviewRequestSettings, TReviewRequestSettingsPatch } from '../../../shared/review-requests.js';
import { REQUESTS_SETTINGS_QUERY_KEY, saveRequestSettings } from '../../api/reviewRequests';
import { useToast } from '../toast/ToastProvider';

/** The latest save's outcome only. */
const SAVE_TOAST = { kind: 'requests.save' };

/** PUT the settings (any subset) with a toast either way; the answer replaces the cached settings. */
export function useSaveRequestSettings() {
  const t = useT();
  const { showToast } = useToast();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TReviewRequestSettingsPatch) => saveRequestSettings(body),
    onSuccess: (saved) => {
      queryClient.setQueryData<TReviewRequestSettings>(REQUESTS_SETTINGS_QUERY_KEY, saved);
      showToast(t('requests.toasts.saved'), 'success', SAVE_TOAST);
    },
    onError: () => showToast(t('requests.toasts.saveError'), 'error', SAVE_TOAST),
  });
}
