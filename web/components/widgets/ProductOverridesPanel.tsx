import { useEffect, useState } from 'react';
import { useT } from '../../i18n/useT';
import { PRODUCTS_PAGE_SIZE, useProducts, type TProductWithOverride } from '../../api/widgets';
import { Pagination, pageCount } from '../reviews/Pagination';
import { useToast } from '../toast/ToastProvider';
import { ProductOverrideDialog } from './ProductOverrideDialog';
import { ProductRow } from './ProductRow';
import { SearchBox } from '../SearchBox';
import { SkeletonRows } from '../SkeletonRows';
import { useProductOverride } from './useProductOverride';
import { usePageFor, useSearchInput } from '../../lib/useListControls';
import { TableScroll } from '../TableScroll';

const COLUMNS = ['product', 'sku', 'price', 'position', 'enabled'] as const;

/** SPEC §2 / §3 Per-product setup: every product with its override, searchable and paged. */
export function ProductOverridesPanel({ canEdit }: { canEdit: boolean }) {
  const t = useT();
  const { showToast } = useToast();

  const { searchInput, setSearchInput, search } = useSearchInput();
  const { page, goToPage } = usePageFor(search);

  const products = useProducts({ page, search });
  const total = products.data?.count ?? 0;
  const lastPage = pageCount(total, PRODUCTS_PAGE_SIZE);
  if (products.data && !products.isPlaceholderData && page > lastPage) goToPage(lastPage);

  useEffect(() => {
    if (products.error) showToast(t('widgets.toasts.loadProductOverridesError'), 'error');
  }, [products.error, showToast, t]);

  const [editing, setEditing] = useState<TProductWithOverride | null>(null);
  const { save } = useProductOverride();
  const busyId = save.isPending ? save.variables.product_id : undefined;

  // The row switch keeps the product's placement and only turns the widget on or off there.
  const toggle = (product: TProductWithOverride, enabled: boolean) => {
    const { override } = product;
    save.mutate({
      product_id: product.external_id,
      position: override?.position ?? 'global',
      custom_selector: override?.custom_selector ?? null,
      enabled,
    });
  };

  const rows = products.data?.results ?? [];
  const isLoading = products.isPending;
  const columnCount = COLUMNS.length + (canEdit ? 1 : 0);

  return (
    <section className="widget-form">
      <header>
        <h2 className="section-title">{t('widgets.products.title')}</h2>
        <p className="section-text">{t('widgets.products.description')}</p>
      </header>

      <div className="reviews-toolbar">
        <SearchBox
          value={searchInput}
          onChange={setSearchInput}
          label={t('widgets.products.search.label')}
          placeholder={t('widgets.products.search.placeholder')}
          clearLabel={t('widgets.products.search.clear')}
          testId="products-search"
        />
      </div>

      <TableScroll label={t('widgets.products.table.caption')}>
        <table
          className="data-table products-table"
          data-testid="products-table"
          data-refreshing={products.isPlaceholderData || undefined}
          aria-busy={isLoading || products.isPlaceholderData || undefined}
        >
          <caption className="visually-hidden">{t('widgets.products.table.caption')}</caption>
          <thead>
            <tr>
              {COLUMNS.map((column) => (
                <th key={column} scope="col">
                  {t(`widgets.products.table.${column}`)}
                </th>
              ))}
              {canEdit && (
                <th scope="col">
                  <span className="visually-hidden">{t('widgets.products.table.actions')}</span>
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {isLoading && <SkeletonRows rows={3} columns={columnCount} />}
            {!isLoading && rows.length === 0 && (
              <tr>
                <td className="table-empty" colSpan={columnCount}>
                  <ProductsPlaceholder
                    isError={products.isError}
                    search={search}
                    onRetry={() => void products.refetch()}
                    onClear={() => setSearchInput('')}
                  />
                </td>
              </tr>
            )}
            {!isLoading &&
              rows.map((product) => (
                <ProductRow
                  key={product.id}
                  product={product}
                  canEdit={canEdit}
                  isBusy={busyId === product.external_id}
                  onEdit={setEditing}
                  onToggle={toggle}
                />
              ))}
          </tbody>
        </table>
      </TableScroll>

      {products.data && total > 0 && (
        <Pagination
          page={page}
          pageSize={PRODUCTS_PAGE_SIZE}
          shown={products.data.results.length}
          total={total}
          onPageChange={goToPage}
          label={t('widgets.products.pagination')}
        />
      )}

      {canEdit && <ProductOverrideDialog product={editing} onClose={() => setEditing(null)} />}
    </section>
  );
}

function ProductsPlaceholder({
  isError,
  search,
  onRetry,
  onClear,
}: {
  isError: boolean;
  search: string;
  onRetry: () => void;
  onClear: () => void;
}) {
  const t = useT();
  if (isError) {
    return (
      <div className="reviews-empty" data-testid="products-load-error">
        <p>{t('widgets.toasts.loadProductOverridesError')}</p>
        <button type="button" className="button button-secondary button-small" onClick={onRetry}>
          {t('widgets.retry')}
        </button>
      </div>
    );
  }
  return (
    <div className="reviews-empty" data-testid="products-empty" data-filtered={search !== ''}>
      <p>{search ? t('widgets.products.emptySearch', { search }) : t('widgets.products.empty')}</p>
      {search && (
        <button type="button" className="button button-secondary button-small" onClick={onClear}>
          {t('widgets.products.clearSearch')}
        </button>
      )}
    </div>
  );
}
