import { useState } from 'react';
import { useT } from '../../i18n/useT';
import {
  INSIGHTS_PRODUCT_COLUMNS,
  INSIGHTS_PRODUCTS_PAGE_SIZE,
  type TInsightsProductColumn,
  type TInsightsProductSort,
} from '../../../shared/insights-options.js';
import type { TInsightsProduct } from '../../../shared/insights.js';
import { insightsExportUrl, useInsightsProducts, type TInsightsRange, type TProductsView } from '../../api/insights';
import { Pagination } from '../reviews/Pagination';
import { TableScroll } from '../TableScroll';
import { useInsightsFormat } from './format';

/** What the table shows first, and what the server render reads for it. */
export const DEFAULT_PRODUCTS_VIEW: TProductsView = { sort: '-views', page: 1 };

type TColumn = Exclude<(typeof INSIGHTS_PRODUCT_COLUMNS)[number], 'product_id'>;
/** The export's columns, less the id: the same figures in the same order as the file. */
const COLUMNS = INSIGHTS_PRODUCT_COLUMNS.filter((column): column is TColumn => column !== 'product_id');

/** The products seen or reviewed in the range with their figures: sortable by each figure, paged, exported as CSV. */
export function ProductsTable({ range }: { range: TInsightsRange }) {
  const t = useT();
  const format = useInsightsFormat();
  const [view, setView] = useState<TProductsView>(DEFAULT_PRODUCTS_VIEW);
  const { data, isPlaceholderData, isError, refetch } = useInsightsProducts(range, view);
  const descending = view.sort.startsWith('-');
  const sortedBy = (descending ? view.sort.slice(1) : view.sort) as TColumn;

  // A first press sorts from the largest (names from A), a second press the other way.
  const sortBy = (column: TInsightsProductColumn) => {
    const sort: TInsightsProductSort =
      sortedBy === column ? (descending ? column : `-${column}`) : column === 'name' ? column : `-${column}`;
    setView({ sort, page: 1 });
  };
  const cell = (product: TInsightsProduct, column: TColumn) => {
    const value = product[column];
    if (column === 'name') return product.name;
    if (value === null) return '—';
    if (column === 'play_rate' || column === 'conversion_rate') return format.share(value as number);
    if (column === 'average_rating') return `${(value as number).toFixed(1)} ★`;
    return format.number(value as number);
  };

  return (
    <section className="card insights-card" aria-labelledby="products-title" data-testid="insights-products">
      <div className="insights-card-head">
        <h2 id="products-title" className="insights-heading">
          {t('insights.products.title')}
        </h2>
        <a
          className="button button-secondary button-small"
          href={insightsExportUrl(range, view.sort)}
          download
          data-testid="insights-export"
        >
          {t('insights.products.export')}
        </a>
      </div>
      {isError && !data ? (
        <p className="review-muted">
          {t('insights.loadError')}{' '}
          <button type="button" className="button button-secondary button-small" onClick={() => void refetch()}>
            {t('insights.retry')}
          </button>
        </p>
      ) : data && data.count === 0 ? (
        <p className="review-muted">{t('insights.products.empty')}</p>
      ) : (
        <>
          <TableScroll label={t('insights.products.label')}>
            <table className="data-table insights-products" data-refreshing={isPlaceholderData || undefined}>
              <thead>
                <tr>
                  {COLUMNS.map((column) => (
                    <th
                      key={column}
                      scope="col"
                      className={column === 'name' ? undefined : 'numeric'}
                      aria-sort={sortedBy === column ? (descending ? 'descending' : 'ascending') : undefined}
                    >
                      <button
                        type="button"
                        className="sort-button"
                        onClick={() => sortBy(column)}
                        data-testid={`sort-${column}`}
                      >
                        {t(`insights.products.${column}`)}
                        <span aria-hidden="true">{sortedBy === column ? (descending ? ' ↓' : ' ↑') : ''}</span>
                      </button>
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {data?.results.map((product) => (
                  <tr key={product.product_id}>
                    {COLUMNS.map((column) =>
                      column === 'name' ? (
                        <th key={column} scope="row">
                          {product.name}
                        </th>
                      ) : (
                        <td key={column} className="numeric">
                          {cell(product, column)}
                        </td>
                      ),
                    )}
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
          {data && data.count > INSIGHTS_PRODUCTS_PAGE_SIZE && (
            <Pagination
              page={view.page}
              pageSize={INSIGHTS_PRODUCTS_PAGE_SIZE}
              shown={data.results.length}
              total={data.count}
              onPageChange={(page) => setView({ ...view, page })}
              label={t('insights.products.pagination')}
            />
          )}
        </>
      )}
    </section>
  );
}
