import { LinkCards, type LinkCard } from '../../../../components/LinkCards';
import { Placeholder } from '../../../../components/Placeholder';

const CARDS: readonly LinkCard[] = [
  { href: '/settings/integrations/bigcommerce', page: 'bigcommerce' },
  { href: '/settings/integrations/shopify', page: 'shopify' },
  { href: '/settings/integrations/tiendanube', page: 'tiendanube' },
];

export default function Page() {
  return (
    <>
      <Placeholder page="integrations" />
      <LinkCards cards={CARDS} />
    </>
  );
}
