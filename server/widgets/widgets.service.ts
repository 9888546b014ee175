import { Injectable, type OnModuleInit } from '@nestjs/common';
import type { z } from 'zod';
import type { TListOf } from '../../shared/accounts.js';
import {
  ZWidgetSettings,
  type TProductOverride,
  type TWidgetSettings,
  type ZProductOverrideInput,
  type ZWidgetSettingsPatch,
} from '../../shared/widgets.js';
import { storeOf, type WorkspaceContext } from '../auth/auth-context.js';
import { ApiError } from '../common/api-error.js';
import { ProductsRepository } from '../products/products.repository.js';
import { StorefrontCache } from '../storefront/storefront-cache.js';
import { mapOverride, mapSettings } from './widgets.mapper.js';
import { WidgetsRepository } from './widgets.repository.js';
import { WidgetSettingsEvents } from './widget-settings-events.js';
import { ServerReaders } from '../ssr/server-readers.js';

/** The merchant's widget settings and per-product overrides (SPEC §2 Widget settings). */
@Injectable()
export class WidgetsService implements OnModuleInit {
  constructor(
    private readonly widgets: WidgetsRepository,
    private readonly products: ProductsRepository,
    private readonly storefront: StorefrontCache,
    private readonly readers: ServerReaders,
    private readonly events: WidgetSettingsEvents,
  ) {}

  onModuleInit(): void {
    // The widget settings page's forms and preview, drawn with the page (the API route's permission).
    this.readers.register('widgetSettings', 'edit_widget', (merchantId) => () => this.settingsOf(merchantId));
  }

  settings(auth: WorkspaceContext): Promise<TWidgetSettings> {
    return this.settingsOf(storeOf(auth).id);
  }

  private async settingsOf(merchantId: string): Promise<TWidgetSettings> {
    return mapSettings(await this.widgets.settings(merchantId));
  }

  /** Any subset of fields; the result (saved values + changes) must be valid as a whole. */
  async saveSettings(auth: WorkspaceContext, patch: z.output<typeof ZWidgetSettingsPatch>): Promise<TWidgetSettings> {
    const merchantId = storeOf(auth).id;
    const current = mapSettings(await this.widgets.settings(merchantId));
    const merged = ZWidgetSettings.parse({ ...current, ...patch });
    const saved = mapSettings(await this.widgets.saveSettings(merchantId, merged));
    await this.storefront.invalidate(merchantId);
    await this.events.saved(merchantId);
    return saved;
  }

  async overrides(auth: WorkspaceContext): Promise<TListOf<TProductOverride>> {
    const rows = await this.widgets.listOverrides(storeOf(auth).id);
    return { results: rows.map(({ override, product }) => mapOverride(override, product)) };
  }

  async overrideOf(auth: WorkspaceContext, externalId: string): Promise<TProductOverride> {
    const row = await this.widgets.overrideOfProduct(storeOf(auth).id, externalId);
    if (!row) throw ApiError.notFound('This product has no override.');
    return mapOverride(row.override, row.product);
  }

  async setOverride(auth: WorkspaceContext, body: z.output<typeof ZProductOverrideInput>): Promise<TProductOverride> {
    const merchantId = storeOf(auth).id;
    const product = await this.productOf(merchantId, body.product_id);
    const override = await this.widgets.upsertOverride(merchantId, product.id, fieldsOf(body));
    await this.storefront.invalidate(merchantId);
    return mapOverride(override, product);
  }

  async updateOverride(
    auth: WorkspaceContext,
    id: string,
    body: z.output<typeof ZProductOverrideInput>,
  ): Promise<TProductOverride> {
    const merchantId = storeOf(auth).id;
    const product = await this.productOf(merchantId, body.product_id);
    const override = await this.widgets.updateOverride(merchantId, id, { ...fieldsOf(body), productId: product.id });
    if (!override) throw ApiError.notFound('No override with this id in your store.');
    await this.storefront.invalidate(merchantId);
    return mapOverride(override, product);
  }

  async deleteOverride(auth: WorkspaceContext, id: string): Promise<void> {
    const merchantId = storeOf(auth).id;
    if (!(await this.widgets.deleteOverride(merchantId, id)))
      throw ApiError.notFound('No override with this id in your store.');
    await this.storefront.invalidate(merchantId);
  }

  private async productOf(merchantId: string, externalId: string) {
    const product = await this.products.findByExternalId(merchantId, externalId);
    if (!product) throw ApiError.validation({ product_id: ['No product with this id in your store.'] });
    return product;
  }
}

function fieldsOf(body: z.output<typeof ZProductOverrideInput>) {
  return { position: body.position, customSelector: body.custom_selector, enabled: body.enabled };
}
