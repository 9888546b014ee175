import { useT } from '../../i18n/useT';
import type { TProductWithOverride } from '../../api/widgets';
import { useLanguage } from '../../i18n/useLanguage';
import { formatMinorUnits } from '../../lib/formatMoney';
import { EditIcon } from '../icons';
import { ProductName } from '../ProductName';
import { ProductThumb } from '../ProductThumb';
import { SwitchField } from './SwitchField';

export interface ProductRowProps {
  product: TProductWithOverride;
  canEdit: boolean;
  isBusy: boolean;
  onEdit: (product: TProductWithOverride) => void;
  onToggle: (product: TProductWithOverride, enabled: boolean) => void;
}

export function ProductRow({ product, canEdit, isBusy, onEdit, onToggle }: ProductRowProps) {
  const t = useT();
  const { language } = useLanguage();
  const { override } = product;
  const none = t('widgets.products.none');
  const price =
    product.price !== null && product.currency ? formatMinorUnits(product.price, product.currency, language) : none;

  return (
    <tr
      data-testid="product-row"
      data-external-id={product.external_id}
      data-override={override ? override.position : undefined}
      data-enabled={String(override?.enabled ?? true)}
    >
      <td>
        <span className="review-product">
          <ProductThumb image={product.image} />
          <ProductName name={product.name} url={product.url} source={product.source} />
        </span>
      </td>
      <td className="product-sku">{product.sku || none}</td>
      <td className="product-price">{price}</td>
      <td>
        {override ? (
          <span className="chip chip-override" data-testid="override-position-label">
            {t(`widgets.positions.${override.position}`)}
          </span>
        ) : (
          <span className="review-muted" data-testid="override-position-label">
            {t('widgets.positions.global')}
          </span>
        )}
        {override?.position === 'custom' && override.custom_selector && (
          <code className="product-selector">{override.custom_selector}</code>
        )}
      </td>
      <td>
        <SwitchField
          name="enabled"
          testId="row-enabled"
          label={t('widgets.products.enabledOn', { product: product.name })}
          hideLabel
          isSelected={override?.enabled ?? true}
          onChange={(enabled) => onToggle(product, enabled)}
          isDisabled={!canEdit || isBusy}
        />
      </td>
      {canEdit && (
        <td className="table-actions">
          <button
            type="button"
            className="button button-secondary button-small"
            data-testid="edit-override"
            aria-label={t('widgets.products.editLabel', { product: product.name })}
            disabled={isBusy}
            onClick={() => onEdit(product)}
          >
            <EditIcon />
            {t('widgets.products.edit')}
          </button>
        </td>
      )}
    </tr>
  );
}
