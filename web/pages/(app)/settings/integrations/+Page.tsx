// The feed card's address box is drawn as the installation snippet's (install-code, install-pre).
import '../../../../styles/widgets.css';
import { useT } from '../../../../i18n/useT';
import { usePageContext } from 'vike-react/usePageContext';
import type { TPlatform } from '../../../../../shared/accounts.js';
import { can } from '../../../../../shared/session.js';
import { useProfile } from '../../../../api/profile';
import { GoogleFeedCard } from '../../../../components/integrations/GoogleFeedCard';
import { LinkCards, type LinkCard } from '../../../../components/LinkCards';
import { PageTitle } from '../../../../components/PageTitle';

const PLATFORMS = ['bigcommerce', 'shopify', 'tiendanube'] as const satisfies readonly TPlatform[];

export default function Page() {
  const t = useT();
  const merchant = useProfile().data?.merchant;
  // The feed's address is read with the widget's permission: whoever may not edit the widget is not shown the card.
  const showsFeed = can(usePageContext().user, 'edit_widget');

  const cards = PLATFORMS.map((platform): LinkCard => ({
    href: `/settings/integrations/${platform}`,
    page: platform,
    status:
      merchant?.platform === platform && merchant.connected
        ? { label: t('integrations.connected'), testId: `integration-status-${platform}` }
        : undefined,
  }));

  return (
    <>
      <PageTitle page="integrations" />
      <p className="page-lead">{t('integrations.lead')}</p>
      <LinkCards cards={cards} />
      {showsFeed && <GoogleFeedCard />}
    </>
  );
}
