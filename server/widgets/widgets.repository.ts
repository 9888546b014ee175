import { Inject, Injectable } from '@nestjs/common';
import { and, asc, eq } from 'drizzle-orm';
import type { TWidgetSettings } from '../../shared/widgets.js';
import type { DatabaseHandle } from '../database/database.js';
import { DATABASE } from '../database/database.module.js';
import { productWidgetOverrides, products, widgetSettings } from '../database/schema.js';

export type SettingsRow = typeof widgetSettings.$inferSelect;
export type OverrideRow = typeof productWidgetOverrides.$inferSelect;
export type ProductRow = typeof products.$inferSelect;
export interface OverrideWithProduct {
  override: OverrideRow;
  product: ProductRow;
}
export type OverrideFields = Pick<OverrideRow, 'position' | 'customSelector' | 'enabled'>;

/** Widget settings and per-product overrides; every method takes the merchant. */
@Injectable()
export class WidgetsRepository {
  constructor(@Inject(DATABASE) private readonly database: DatabaseHandle) {}

  private get db() {
    return this.database.db;
  }

  async settings(merchantId: string): Promise<SettingsRow | null> {
    const [row] = await this.db.select().from(widgetSettings).where(eq(widgetSettings.merchantId, merchantId)).limit(1);
    return row ?? null;
  }

  async saveSettings(merchantId: string, settings: TWidgetSettings): Promise<SettingsRow> {
    const values = {
      showRating: settings.show_rating,
      showDate: settings.show_date,
      autoplayVideos: settings.autoplay_videos,
      compactMode: settings.compact_mode,
      primaryColor: settings.primary_color,
      secondaryColor: settings.secondary_color,
      textColor: settings.text_color,
      backgroundColor: settings.background_color,
      initialVideosCount: settings.initial_videos_count,
      widgetTitle: settings.widget_title,
      position: settings.position,
      customSelector: settings.custom_selector,
      layout: settings.layout,
      language: settings.language,
      acceptTextReviews: settings.accept_text_reviews,
      updatedAt: new Date(),
    };
    const [row] = await this.db
      .insert(widgetSettings)
      .values({ merchantId, ...values })
      .onConflictDoUpdate({ target: widgetSettings.merchantId, set: values })
      .returning();
    return row;
  }

  listOverrides(merchantId: string): Promise<OverrideWithProduct[]> {
    return this.db
      .select({ override: productWidgetOverrides, product: products })
      .from(productWidgetOverrides)
      .innerJoin(products, eq(products.id, productWidgetOverrides.productId))
      .where(eq(productWidgetOverrides.merchantId, merchantId))
      .orderBy(asc(products.name));
  }

  async overrideOfProduct(merchantId: string, externalId: string): Promise<OverrideWithProduct | null> {
    const [row] = await this.db
      .select({ override: productWidgetOverrides, product: products })
      .from(productWidgetOverrides)
      .innerJoin(products, eq(products.id, productWidgetOverrides.productId))
      .where(and(eq(productWidgetOverrides.merchantId, merchantId), eq(products.externalId, externalId)))
      .limit(1);
    return row ?? null;
  }

  async upsertOverride(merchantId: string, productId: string, fields: OverrideFields): Promise<OverrideRow> {
    const [row] = await this.db
      .insert(productWidgetOverrides)
      .values({ merchantId, productId, ...fields })
      .onConflictDoUpdate({
        target: [productWidgetOverrides.merchantId, productWidgetOverrides.productId],
        set: { ...fields, updatedAt: new Date() },
      })
      .returning();
    return row;
  }

  async updateOverride(
    merchantId: string,
    id: string,
    fields: OverrideFields & { productId: string },
  ): Promise<OverrideRow | null> {
    const [row] = await this.db
      .update(productWidgetOverrides)
      .set({ ...fields, updatedAt: new Date() })
      .where(and(eq(productWidgetOverrides.merchantId, merchantId), eq(productWidgetOverrides.id, id)))
      .returning();
    return row ?? null;
  }

  async deleteOverride(merchantId: string, id: string): Promise<boolean> {
    const rows = await this.db
      .delete(productWidgetOverrides)
      .where(and(eq(productWidgetOverrides.merchantId, merchantId), eq(productWidgetOverrides.id, id)))
      .returning({ id: productWidgetOverrides.id });
    return rows.length === 1;
  }
}
