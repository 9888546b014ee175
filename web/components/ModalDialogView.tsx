import type { ReactNode } from 'react';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { AriaLocale } from '../i18n/AriaLocale';

export interface ModalDialogProps {
  title: string;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  children: ReactNode;
  testId?: string;
  /** Off while a request is in flight, so Escape or a click outside cannot drop its answer. */
  isDismissable?: boolean;
  role?: 'dialog' | 'alertdialog';
  /** Room for media (e.g. a review's video) instead of the narrow form width. */
  wide?: boolean;
}

/** A centred modal dialog with a title; focus is trapped inside and returns to the opener on close. */
export function ModalDialogView({
  title,
  isOpen,
  onOpenChange,
  children,
  testId,
  isDismissable = true,
  role = 'dialog',
  wide = false,
}: ModalDialogProps) {
  return (
    <AriaLocale>
      <ModalOverlay
        className="modal-scrim"
        isOpen={isOpen}
        onOpenChange={onOpenChange}
        isDismissable={isDismissable}
        isKeyboardDismissDisabled={!isDismissable}
      >
        <Modal className={wide ? 'modal modal-wide' : 'modal'}>
          <Dialog className="modal-dialog" data-testid={testId} role={role}>
            <Heading slot="title" className="modal-title">
              {title}
            </Heading>
            {children}
          </Dialog>
        </Modal>
      </ModalOverlay>
    </AriaLocale>
  );
}
