import { Dialog, Modal, ModalOverlay } from 'react-aria-components';
import { useT } from '../../i18n/useT';
import { AriaLocale } from '../../i18n/AriaLocale';
import { CloseIcon } from '../icons';
import { Brand } from './Brand';
import { SidebarContent } from './SidebarContent';

export interface NavDrawerProps {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
}

/** The sidebar as a drawer, for screens too narrow for the permanent one. */
export function NavDrawer({ isOpen, onOpenChange }: NavDrawerProps) {
  const t = useT();
  const close = () => onOpenChange(false);
  return (
    <AriaLocale>
      <ModalOverlay className="drawer-scrim" isOpen={isOpen} onOpenChange={onOpenChange} isDismissable>
        <Modal className="drawer" data-testid="drawer">
          <Dialog className="drawer-dialog" aria-label={t('nav.menu')}>
            <div className="sidebar-head">
              <Brand />
              <button type="button" className="icon-button" aria-label={t('nav.closeMenu')} onClick={close}>
                <CloseIcon />
              </button>
            </div>
            <SidebarContent onNavigate={close} />
          </Dialog>
        </Modal>
      </ModalOverlay>
    </AriaLocale>
  );
}
