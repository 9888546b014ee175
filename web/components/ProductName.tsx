import { useT } from '../i18n/useT';
import type { TProductSource } from '../../shared/widgets.js';

export interface ProductNameProps {
  name: string;
  url: string | null;
  source: TProductSource;
}

/**
 * A product's name, linked to its page when its platform or the merchant gave the link. What a storefront page sent
 * (a shopper's browser, so anyone) is shown as such and never as a link.
 */
export function ProductName({ name, url, source }: ProductNameProps) {
  const t = useT();
  if (source === 'storefront') {
    return (
      <span className="product-name-unverified">
        <span className="review-product-name">{name}</span>
        <span className="review-note" data-testid="product-unverified">
          {t('reviews.product.unverified')}
        </span>
      </span>
    );
  }
  return url ? (
    <a className="review-product-name" href={url} target="_blank" rel="noopener noreferrer">
      {name}
    </a>
  ) : (
    <span className="review-product-name">{name}</span>
  );
}
