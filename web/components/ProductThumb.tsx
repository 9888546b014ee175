import { ProductIcon } from './icons';

/** A product's picture beside its name; a neutral product icon when the catalogue has none. Decorative either way. */
export function ProductThumb({ image }: { image: string | null }) {
  return image ? (
    <img className="product-thumb" src={image} alt="" loading="lazy" decoding="async" />
  ) : (
    <span className="product-thumb product-thumb-empty" data-testid="product-thumb-placeholder" aria-hidden="true">
      <ProductIcon />
    </span>
  );
}
