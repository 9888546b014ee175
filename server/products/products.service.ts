import { Injectable } from '@nestjs/common';
import type { z } from 'zod';
import type { TPage } from '../../shared/reviews.js';
import type { TProductWithOverride } from '../../shared/widgets.js';
import { storeOf, type WorkspaceContext } from '../auth/auth-context.js';
import { mapOverride, mapProduct } from '../widgets/widgets.mapper.js';
import { ProductsRepository } from './products.repository.js';
import type { ZProductsQuery } from './products.controller.js';

type TProductsQuery = z.output<typeof ZProductsQuery>;

function link(query: TProductsQuery, page: number): string {
  const params = new URLSearchParams({ page: String(page), page_size: String(query.page_size) });
  if (query.search) params.set('search', query.search);
  return `/api/products/?${params}`;
}

@Injectable()
export class ProductsService {
  constructor(private readonly products: ProductsRepository) {}

  async list(auth: WorkspaceContext, query: TProductsQuery): Promise<TPage<TProductWithOverride>> {
    const { count, rows } = await this.products.list(storeOf(auth).id, {
      page: query.page,
      pageSize: query.page_size,
      search: query.search || undefined,
    });
    return {
      count,
      next: query.page * query.page_size < count ? link(query, query.page + 1) : null,
      previous: query.page > 1 ? link(query, query.page - 1) : null,
      results: rows.map(({ product, override }) => ({
        ...mapProduct(product),
        override: override ? mapOverride(override, product) : null,
      })),
    };
  }
}
