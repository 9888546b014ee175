import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePageContext } from 'vike-react/usePageContext';
import { LANGUAGES, isLanguage } from '../../../shared/constants.js';
import type { TSessionUser } from '../../../shared/session.js';
import { WORKSPACE_STORAGE_KEY } from '../../api/client';
import { useLanguage } from '../../i18n/useLanguage';
import { useTheme } from '../../theme/ThemeProvider';
import { LogoutIcon, MoonIcon } from '../icons';
import { NAV_ITEMS, activeNavHref } from './navigation';

/** Everything in the sidebar below the brand; shared by the permanent sidebar and the drawer. */
export function SidebarContent({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const { urlPathname, user } = usePageContext();
  const active = activeNavHref(urlPathname);

  return (
    <div className="sidebar-body">
      <nav aria-label={t('nav.label')}>
        <ul className="nav-list">
          {NAV_ITEMS.map(({ href, labelKey, Icon }) => (
            <li key={href}>
              <a
                className="nav-link"
                href={href}
                aria-current={href === active ? 'page' : undefined}
                onClick={onNavigate}
              >
                <Icon />
                <span>{t(labelKey)}</span>
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <section className="sidebar-footer" aria-label={t('preferences.label')}>
        <LanguageSelect />
        <ThemeToggle />
        {user && <UserCard user={user} />}
        <LogoutButton />
      </section>
    </div>
  );
}

function LanguageSelect() {
  const { t } = useTranslation();
  const { language, setLanguage } = useLanguage();
  const id = useId();

  return (
    <div className="field">
      <label className="field-label" htmlFor={id}>
        {t('preferences.language')}
      </label>
      <select
        id={id}
        className="select"
        data-testid="language-select"
        value={language}
        onChange={(event) => {
          if (isLanguage(event.target.value)) setLanguage(event.target.value);
        }}
      >
        {LANGUAGES.map((code) => (
          <option key={code} value={code} lang={code}>
            {t(`languages.${code}`)}
          </option>
        ))}
      </select>
    </div>
  );
}

function ThemeToggle() {
  const { t } = useTranslation();
  const { theme, setTheme } = useTheme();
  const dark = theme === 'dark';

  return (
    <button
      type="button"
      className="toggle"
      data-testid="theme-toggle"
      aria-pressed={dark}
      onClick={() => setTheme(dark ? 'light' : 'dark')}
    >
      <MoonIcon />
      <span>{t('preferences.darkMode')}</span>
      <span className="toggle-track" aria-hidden="true" />
    </button>
  );
}

function UserCard({ user }: { user: TSessionUser }) {
  const { t } = useTranslation();
  const name = `${user.first_name} ${user.last_name}`.trim();
  const initials = (user.first_name.charAt(0) + user.last_name.charAt(0) || user.email.charAt(0)).toUpperCase();

  return (
    <div className="user-card">
      <span className="avatar" aria-hidden="true">
        {user.profile_photo ? <img src={user.profile_photo} alt="" /> : initials}
      </span>
      <span className="user-text">
        <span className="visually-hidden">{t('account.signedInAs')} </span>
        {name && <span className="user-name">{name}</span>}
        <span className="user-email">{user.email}</span>
      </span>
    </div>
  );
}

function LogoutButton() {
  const { t } = useTranslation();
  const [pending, setPending] = useState(false);

  const logout = async () => {
    setPending(true);
    try {
      // The server revokes the refresh token and clears the HttpOnly session cookies.
      await fetch('/api/auth/logout/', { method: 'POST', credentials: 'same-origin' });
    } catch {
      // Offline or server down: still leave; the login page shows whether the session is gone.
    }
    try {
      window.localStorage.removeItem(WORKSPACE_STORAGE_KEY);
    } catch {
      // Storage unavailable: nothing was stored.
    }
    window.location.assign('/login');
  };

  return (
    <button type="button" className="nav-link logout" disabled={pending} onClick={() => void logout()}>
      <LogoutIcon />
      <span>{t('nav.logout')}</span>
    </button>
  );
}
