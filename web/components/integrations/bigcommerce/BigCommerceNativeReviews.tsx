import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useT } from '../../../i18n/useT';
import type { TBigCommerceIntegration } from '../../../../shared/integrations.js';
import { BIGCOMMERCE_INTEGRATION_QUERY_KEY, chooseBigCommerceNativeReviews } from '../../../api/bigcommerce';
import { useToast } from '../../toast/ToastProvider';
import { SwitchField } from '../../widgets/SwitchField';

const SAVE_TOAST = { kind: 'bigcommerce.nativeReviews' };

/**
 * The choice to copy published reviews into BigCommerce's own product reviews, saved as it is switched; and what to do
 * when BigCommerce refused the copies (a read-only API account).
 */
export function BigCommerceNativeReviews({
  enabled,
  refused,
  canChange,
}: {
  enabled: boolean;
  refused: boolean;
  canChange: boolean;
}) {
  const t = useT();
  const { showToast } = useToast();
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: chooseBigCommerceNativeReviews,
    onSuccess: (answer) => {
      queryClient.setQueryData<TBigCommerceIntegration>(BIGCOMMERCE_INTEGRATION_QUERY_KEY, answer);
      showToast(
        t(
          answer.native_reviews
            ? 'integrations.bigcommerce.nativeReviews.on'
            : 'integrations.bigcommerce.nativeReviews.off',
        ),
        'success',
        SAVE_TOAST,
      );
    },
    onError: () => showToast(t('integrations.bigcommerce.nativeReviews.error'), 'error', SAVE_TOAST),
  });
  return (
    <>
      <SwitchField
        name="native_reviews"
        label={t('integrations.bigcommerce.nativeReviews.label')}
        description={t('integrations.bigcommerce.nativeReviews.help')}
        isSelected={save.isPending ? save.variables : enabled}
        onChange={(next) => save.mutate(next)}
        isDisabled={!canChange || save.isPending}
        testId="bigcommerce-native-reviews"
      />
      {refused && (
        <p className="field-error" data-testid="bigcommerce-native-reviews-refused">
          {t('integrations.bigcommerce.nativeReviews.refused')}
        </p>
      )}
    </>
  );
}
