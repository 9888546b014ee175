import { useT } from '../../../i18n/useT';
import { usePageContext } from 'vike-react/usePageContext';
import type { TPermission } from '../../../../shared/permissions.js';
import { can } from '../../../../shared/session.js';
import { LinkCards, type LinkCard } from '../../../components/LinkCards';
import { PageTitle } from '../../../components/PageTitle';

/** `permission`: only users who have it see the card (the server refuses the page's calls to others). */
const CARDS: ReadonlyArray<LinkCard & { permission?: TPermission }> = [
  { href: '/settings/account', page: 'account' },
  { href: '/settings/team', page: 'team' },
  { href: '/settings/moderation', page: 'moderation' },
  { href: '/settings/billing', page: 'billing', permission: 'manage_billing' },
  { href: '/settings/integrations', page: 'integrations', permission: 'manage_integrations' },
  { href: '/settings/api-keys', page: 'apiKeys', permission: 'manage_integrations' },
  { href: '/settings/webhooks', page: 'webhooks', permission: 'manage_integrations' },
  { href: '/settings/import-export', page: 'importExport', permission: 'manage_store' },
  { href: '/settings/other-apps', page: 'otherApps' },
  { href: null, page: 'sessionSettings' },
];

export default function Page() {
  const t = useT();
  const { user } = usePageContext();
  return (
    <>
      <PageTitle page="settings" />
      <p className="page-lead">{t('pages.settings.description')}</p>
      <LinkCards cards={CARDS.filter(({ permission }) => !permission || can(user, permission))} />
    </>
  );
}
