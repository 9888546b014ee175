import { useEffect } from 'react';
import { useT } from '../../i18n/useT';
import { navigate } from 'vike/client/router';
import { usePageContext } from 'vike-react/usePageContext';

export default function Page() {
  const t = useT();
  const { is404 } = usePageContext();

  // SPEC §2: unknown paths go to the dashboard, replacing the history entry. (The server redirects too.)
  useEffect(() => {
    if (is404) void navigate('/', { overwriteLastHistoryEntry: true });
  }, [is404]);

  return (
    <main className="public-shell">
      <div className="public-card">
        {is404 ? (
          <>
            <h1 className="page-title">{t('errors.notFound.title')}</h1>
            <p className="page-lead">{t('errors.notFound.redirecting')}</p>
          </>
        ) : (
          <>
            <h1 className="page-title">{t('errors.generic.title')}</h1>
            <p className="page-lead">{t('errors.generic.body')}</p>
            <a className="button" href="/">
              {t('errors.generic.home')}
            </a>
          </>
        )}
      </div>
    </main>
  );
}
