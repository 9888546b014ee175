import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useT } from '../../../i18n/useT';
import { BIGCOMMERCE_INTEGRATION_QUERY_KEY, disconnectBigCommerce } from '../../../api/bigcommerce';
import { setProfileMerchant } from '../../../api/profile';
import { ActionButton } from '../../ActionButton';
import { apiDetail } from '../../form/apiErrors';
import { FormAlert } from '../../form/FormAlert';
import { ModalDialog } from '../../ModalDialog';

/** Asks, then takes the widget's script and the webhooks off the store; the reviews stay. */
export function BigCommerceDisconnect({ storeName }: { storeName: string }) {
  const t = useT();
  const queryClient = useQueryClient();
  const [isOpen, setOpen] = useState(false);
  const disconnect = useMutation({
    mutationFn: disconnectBigCommerce,
    onSuccess: async (merchant) => {
      setProfileMerchant(queryClient, merchant);
      setOpen(false);
      await queryClient.invalidateQueries({ queryKey: BIGCOMMERCE_INTEGRATION_QUERY_KEY });
    },
  });

  return (
    <div className="setup-actions">
      <ActionButton variant="secondary" testId="bigcommerce-disconnect" onPress={() => setOpen(true)}>
        {t('integrations.bigcommerce.disconnect.button')}
      </ActionButton>
      <ModalDialog
        title={t('integrations.bigcommerce.disconnect.title')}
        isOpen={isOpen}
        onOpenChange={setOpen}
        role="alertdialog"
        isDismissable={!disconnect.isPending}
        testId="bigcommerce-disconnect-dialog"
      >
        <p className="modal-text">{t('integrations.bigcommerce.disconnect.body', { store: storeName })}</p>
        {disconnect.isError && (
          <FormAlert severity="error">
            <p>{apiDetail(disconnect.error) ?? t('integrations.bigcommerce.disconnect.failed')}</p>
          </FormAlert>
        )}
        <div className="modal-actions">
          <ActionButton variant="secondary" isDisabled={disconnect.isPending} onPress={() => setOpen(false)}>
            {t('integrations.bigcommerce.disconnect.cancel')}
          </ActionButton>
          <ActionButton
            variant="danger"
            testId="bigcommerce-disconnect-confirm"
            isPending={disconnect.isPending}
            onPress={() => disconnect.mutate()}
          >
            {t('integrations.bigcommerce.disconnect.confirm')}
          </ActionButton>
        </div>
      </ModalDialog>
    </div>
  );
}
