import { useEffect } from 'react';
import '../../../../styles/reviews.css';
import { useT } from '../../../../i18n/useT';
import { can } from '../../../../../shared/session.js';
import { useProfile } from '../../../../api/profile';
import { ChangePasswordDialog } from '../../../../components/account/ChangePasswordDialog';
import { NotificationSettings } from '../../../../components/account/NotificationSettings';
import { EmailChangeNotice } from '../../../../components/account/EmailChangeNotice';
import { ProfileDetails } from '../../../../components/account/ProfileDetails';
import { ProfilePhoto } from '../../../../components/account/ProfilePhoto';
import { StoreDetails } from '../../../../components/account/StoreDetails';
import { PageTitle } from '../../../../components/PageTitle';

export default function Page() {
  const t = useT();
  const profile = useProfile({ refresh: true });
  const user = profile.data;

  useEffect(() => {
    // SPEC §8: a failed profile fetch is logged only; the page keeps the user the server rendered.
    if (profile.isError) console.warn('Could not load the profile', profile.error);
  }, [profile.isError, profile.error]);

  if (!user) return null;

  return (
    <>
      <PageTitle page="account" />
      <p className="page-lead">{t('pages.account.description')}</p>
      <div className="settings-sections">
        <section className="card settings-section" aria-labelledby="profile-photo-heading">
          <h2 id="profile-photo-heading" className="section-title">
            {t('settingsPages.photo.title')}
          </h2>
          <ProfilePhoto user={user} />
        </section>
        <section className="card settings-section" aria-labelledby="profile-heading">
          <h2 id="profile-heading" className="section-title">
            {t('settingsPages.account.profileTitle')}
          </h2>
          <EmailChangeNotice currentEmail={user.email} />
          <ProfileDetails user={user} />
        </section>
        {user.merchant && can(user, 'manage_store') && (
          <section className="card settings-section" aria-labelledby="store-heading" data-testid="store-section">
            <h2 id="store-heading" className="section-title">
              {t('settingsPages.store.title')}
            </h2>
            <p className="section-text">{t('settingsPages.store.lead')}</p>
            <StoreDetails merchant={user.merchant} />
          </section>
        )}
        {user.merchant && (
          <section
            className="card settings-section"
            aria-labelledby="notifications-heading"
            data-testid="notifications-section"
          >
            <h2 id="notifications-heading" className="section-title">
              {t('settingsPages.notifications.title')}
            </h2>
            <p className="section-text">{t('settingsPages.notifications.lead')}</p>
            <NotificationSettings />
          </section>
        )}
        <section className="card settings-section" aria-labelledby="password-heading">
          <h2 id="password-heading" className="section-title">
            {t('settingsPages.password.title')}
          </h2>
          <p className="section-text">{t('settingsPages.password.lead')}</p>
          <ChangePasswordDialog />
        </section>
      </div>
    </>
  );
}
