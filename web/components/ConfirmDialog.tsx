import type { ReactNode } from 'react';
import { useT } from '../i18n/useT';
import { ActionButton } from './ActionButton';
import { ModalDialog } from './ModalDialog';

export interface ConfirmActionsProps {
  onCancel: () => void;
  confirmLabel: string;
  onConfirm: () => void;
  isPending: boolean;
  confirmTestId: string;
}

/** Cancel, and the button that takes the action asked about (red: it cannot be taken back). */
export function ConfirmActions({ onCancel, confirmLabel, onConfirm, isPending, confirmTestId }: ConfirmActionsProps) {
  const t = useT();
  return (
    <div className="modal-actions">
      <ActionButton variant="secondary" isDisabled={isPending} onPress={onCancel}>
        {t('common.cancel')}
      </ActionButton>
      <ActionButton variant="danger" testId={confirmTestId} isPending={isPending} onPress={onConfirm}>
        {confirmLabel}
      </ActionButton>
    </div>
  );
}

/**
 * Asks before an action that cannot be taken back (an alertdialog): `children` say what follows. Not dismissable
 * while the action is in flight.
 */
export function ConfirmDialog({
  title,
  isOpen,
  onClose,
  testId,
  children,
  ...actions
}: Omit<ConfirmActionsProps, 'onCancel'> & {
  title: string;
  isOpen: boolean;
  onClose: () => void;
  testId: string;
  children: ReactNode;
}) {
  return (
    <ModalDialog
      title={title}
      isOpen={isOpen}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      role="alertdialog"
      testId={testId}
      isDismissable={!actions.isPending}
    >
      {children}
      <ConfirmActions onCancel={onClose} {...actions} />
    </ModalDialog>
  );
}
