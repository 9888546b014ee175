import { Controller, Get, Query } from '@nestjs/common';
import { z } from 'zod';
import { MAX_PAGE_SIZE, type TPage } from '../../shared/reviews.js';
import { ZProductPage, type TProductWithOverride } from '../../shared/widgets.js';
import { requireWorkspace, type AuthContext } from '../auth/auth-context.js';
import { Auth, Authenticated } from '../auth/authenticated.decorator.js';
import { Answers } from '../common/route-outputs.js';
import { ZodPipe } from '../common/zod.pipe.js';
import { ProductsService } from './products.service.js';

export const ZProductsQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(20),
  search: z.string().trim().max(200).optional(),
});

/** The store's products for the per-product widget setup (DESIGN §6 extra endpoint). */
@Controller('api/products')
export class ProductsController {
  constructor(private readonly products: ProductsService) {}

  @Get('/')
  @Authenticated('edit_widget')
  @Answers(ZProductPage)
  list(
    @Auth() auth: AuthContext,
    @Query(new ZodPipe(ZProductsQuery)) query: z.output<typeof ZProductsQuery>,
  ): Promise<TPage<TProductWithOverride>> {
    return this.products.list(requireWorkspace(auth), query);
  }
}
