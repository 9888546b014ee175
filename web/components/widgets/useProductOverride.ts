import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useT } from '../../i18n/useT';
import type { TProductOverrideInput } from '../../../shared/widgets.js';
import { deleteProductOverride, invalidateProducts, setProductOverride } from '../../api/widgets';
import { useToast } from '../toast/ToastProvider';

/** Save (upsert) and remove a product's override, with SPEC §8's toasts; both refresh the product list. */
export function useProductOverride() {
  const t = useT();
  const { showToast } = useToast();
  const queryClient = useQueryClient();

  const save = useMutation({
    mutationFn: (body: TProductOverrideInput) => setProductOverride(body),
    onSuccess: () => showToast(t('widgets.toasts.productOverrideSaved'), 'success'),
    onError: () => showToast(t('widgets.toasts.productOverrideSaveError'), 'error'),
    onSettled: () => invalidateProducts(queryClient),
  });

  const remove = useMutation({
    mutationFn: (id: string) => deleteProductOverride(id),
    onSuccess: () => showToast(t('widgets.toasts.productOverrideRemoved'), 'success'),
    onError: () => showToast(t('widgets.toasts.productOverrideRemoveError'), 'error'),
    onSettled: () => invalidateProducts(queryClient),
  });

  return { save, remove };
}
