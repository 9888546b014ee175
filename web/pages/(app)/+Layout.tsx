import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { Dialog, Modal, ModalOverlay } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { CloseIcon, MenuIcon } from '../../components/icons';
import { Brand } from '../../components/layout/Brand';
import { SidebarContent } from '../../components/layout/SidebarContent';

/** Keep in step with the breakpoint in styles/app.css. */
const WIDE_SCREEN_QUERY = '(min-width: 900px)';

export default function Layout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const closeDrawer = useCallback(() => setDrawerOpen(false), []);

  // The drawer is for small screens only: if the window grows, the permanent sidebar takes over.
  useEffect(() => {
    if (!drawerOpen) return;
    const wide = window.matchMedia(WIDE_SCREEN_QUERY);
    const onChange = (event: MediaQueryListEvent) => {
      if (event.matches) closeDrawer();
    };
    wide.addEventListener('change', onChange);
    return () => wide.removeEventListener('change', onChange);
  }, [drawerOpen, closeDrawer]);

  return (
    <div className="app-shell">
      <a className="skip-link" href="#main">
        {t('nav.skipToContent')}
      </a>
      <header className="topbar">
        <button
          type="button"
          className="icon-button"
          data-testid="menu-button"
          aria-label={t('nav.openMenu')}
          aria-haspopup="dialog"
          aria-expanded={drawerOpen}
          onClick={() => setDrawerOpen(true)}
        >
          <MenuIcon />
        </button>
        <Brand />
      </header>

      {/* Unmounted while the drawer is open so the page never holds two copies of the sidebar controls. */}
      {!drawerOpen && (
        <div className="sidebar" data-testid="sidebar">
          <header className="sidebar-head">
            <Brand />
          </header>
          <SidebarContent />
        </div>
      )}

      <ModalOverlay className="drawer-scrim" isOpen={drawerOpen} onOpenChange={setDrawerOpen} isDismissable>
        <Modal className="drawer" data-testid="drawer">
          <Dialog className="drawer-dialog" aria-label={t('nav.menu')}>
            <div className="sidebar-head">
              <Brand />
              <button type="button" className="icon-button" aria-label={t('nav.closeMenu')} onClick={closeDrawer}>
                <CloseIcon />
              </button>
            </div>
            <SidebarContent onNavigate={closeDrawer} />
          </Dialog>
        </Modal>
      </ModalOverlay>

      <main id="main" className="content" tabIndex={-1}>
        <div className="content-inner">{children}</div>
      </main>
    </div>
  );
}
