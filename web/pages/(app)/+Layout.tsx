import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { useT } from '../../i18n/useT';
import { MenuIcon } from '../../components/icons';
import { Brand } from '../../components/layout/Brand';
import type { NavDrawerProps } from '../../components/layout/NavDrawer';
import { SidebarContent } from '../../components/layout/SidebarContent';
import { loadOnOpen } from '../../lib/loadOnOpen';

/** Keep in step with the breakpoint in styles/app.css. */
const WIDE_SCREEN_QUERY = '(min-width: 900px)';

// Phones only: the drawer's code loads the first time the menu opens.
const NavDrawer = loadOnOpen(
  () => import('../../components/layout/NavDrawer').then((module) => module.NavDrawer),
  (props: NavDrawerProps) => props.isOpen,
);

export default function Layout({ children }: { children: ReactNode }) {
  const t = useT();
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

      <NavDrawer isOpen={drawerOpen} onOpenChange={setDrawerOpen} />

      <main id="main" className="content" tabIndex={-1}>
        <div className="content-inner">{children}</div>
      </main>
    </div>
  );
}
