import { useTranslation } from 'react-i18next';
import { LinkCards, type LinkCard } from '../../../components/LinkCards';
import { PageTitle } from '../../../components/PageTitle';

const CARDS: readonly LinkCard[] = [
  { href: '/settings/account', page: 'account' },
  { href: '/settings/team', page: 'team' },
  { href: '/settings/billing', page: 'billing' },
  { href: '/settings/integrations', page: 'integrations' },
  { href: '/settings/other-apps', page: 'otherApps' },
  { href: null, page: 'sessionSettings' },
];

export default function Page() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle page="settings" />
      <p className="page-lead">{t('pages.settings.description')}</p>
      <LinkCards cards={CARDS} />
    </>
  );
}
