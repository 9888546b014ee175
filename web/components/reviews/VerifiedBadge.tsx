import { useT } from '../../i18n/useT';
import { CheckIcon } from '../icons';

/** The reviewer bought the product: the store's platform reported an order with the same email. */
export function VerifiedBadge() {
  const t = useT();
  return (
    <span className="chip chip-tint chip-verified" data-testid="verified-badge">
      <CheckIcon />
      {t('reviews.verifiedBuyer')}
    </span>
  );
}
