import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useT } from '../../i18n/useT';
import type { TWidgetSettings, TWidgetSettingsInput } from '../../../shared/widgets.js';
import { WIDGET_SETTINGS_QUERY_KEY, saveWidgetSettings } from '../../api/widgets';
import { useToast } from '../toast/ToastProvider';

/** The latest save's outcome only. */
const SAVE_TOAST = { kind: 'widgets.save' };

/** POST global-settings with SPEC §8's toasts; the answer replaces the cached settings. */
export function useSaveWidgetSettings() {
  const t = useT();
  const { showToast } = useToast();
  const queryClient = useQueryClient();

  return useMutation({
    mutationFn: (body: TWidgetSettingsInput) => saveWidgetSettings(body),
    onSuccess: (saved) => {
      queryClient.setQueryData<TWidgetSettings>(WIDGET_SETTINGS_QUERY_KEY, saved);
      showToast(t('widgets.toasts.globalSettingsSaved'), 'success', SAVE_TOAST);
    },
    onError: () => showToast(t('widgets.toasts.globalSettingsSaveError'), 'error', SAVE_TOAST),
  });
}
