import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { z } from 'zod';
import type { TListOf } from '../../shared/accounts.js';
import {
  ZProductOverride,
  ZProductOverrideInput,
  ZProductOverrideList,
  ZWidgetSettings,
  ZWidgetSettingsPatch,
  type TProductOverride,
  type TWidgetSettings,
} from '../../shared/widgets.js';
import { requireWorkspace, type AuthContext } from '../auth/auth-context.js';
import { Auth, Authenticated } from '../auth/authenticated.decorator.js';
import { Answers } from '../common/route-outputs.js';
import { UuidParam } from '../common/uuid.pipe.js';
import { ZodPipe } from '../common/zod.pipe.js';
import { WidgetsService } from './widgets.service.js';

const ZByProductQuery = z.object({
  product_id: z.string({ error: 'This field is required.' }).trim().min(1, 'This field is required.').max(200),
});

@Controller('api/widgets')
export class WidgetsController {
  constructor(private readonly widgets: WidgetsService) {}

  @Get('global-settings/current/')
  @Authenticated('edit_widget')
  @Answers(ZWidgetSettings)
  settings(@Auth() auth: AuthContext): Promise<TWidgetSettings> {
    return this.widgets.settings(requireWorkspace(auth));
  }

  @Post('global-settings/')
  @HttpCode(200)
  @Authenticated('edit_widget')
  @Answers(ZWidgetSettings, { description: 'The settings as saved, every field.' })
  saveSettings(
    @Auth() auth: AuthContext,
    @Body(new ZodPipe(ZWidgetSettingsPatch)) body: z.output<typeof ZWidgetSettingsPatch>,
  ): Promise<TWidgetSettings> {
    return this.widgets.saveSettings(requireWorkspace(auth), body);
  }

  @Get('product-overrides/')
  @Authenticated('edit_widget')
  @Answers(ZProductOverrideList)
  overrides(@Auth() auth: AuthContext): Promise<TListOf<TProductOverride>> {
    return this.widgets.overrides(requireWorkspace(auth));
  }

  @Get('product-overrides/by_product/')
  @Authenticated('edit_widget')
  @Answers(ZProductOverride, { answers: { 404: { description: 'The product has no override.' } } })
  byProduct(
    @Auth() auth: AuthContext,
    @Query(new ZodPipe(ZByProductQuery)) query: z.output<typeof ZByProductQuery>,
  ): Promise<TProductOverride> {
    return this.widgets.overrideOf(requireWorkspace(auth), query.product_id);
  }

  @Post('product-overrides/')
  @HttpCode(201)
  @Authenticated('edit_widget')
  @Answers(ZProductOverride, { description: 'The product’s override, created or replaced.' })
  create(
    @Auth() auth: AuthContext,
    @Body(new ZodPipe(ZProductOverrideInput)) body: z.output<typeof ZProductOverrideInput>,
  ): Promise<TProductOverride> {
    return this.widgets.setOverride(requireWorkspace(auth), body);
  }

  @Post('product-overrides/set_override/')
  @HttpCode(200)
  @Authenticated('edit_widget')
  @Answers(ZProductOverride, { description: 'The product’s override, created or replaced.' })
  setOverride(
    @Auth() auth: AuthContext,
    @Body(new ZodPipe(ZProductOverrideInput)) body: z.output<typeof ZProductOverrideInput>,
  ): Promise<TProductOverride> {
    return this.widgets.setOverride(requireWorkspace(auth), body);
  }

  @Put('product-overrides/:id/')
  @Authenticated('edit_widget')
  @Answers(ZProductOverride)
  update(
    @Auth() auth: AuthContext,
    @Param('id', UuidParam) id: string,
    @Body(new ZodPipe(ZProductOverrideInput)) body: z.output<typeof ZProductOverrideInput>,
  ): Promise<TProductOverride> {
    return this.widgets.updateOverride(requireWorkspace(auth), id, body);
  }

  @Delete('product-overrides/:id/')
  @HttpCode(204)
  @Authenticated('edit_widget')
  @Answers(null)
  remove(@Auth() auth: AuthContext, @Param('id', UuidParam) id: string): Promise<void> {
    return this.widgets.deleteOverride(requireWorkspace(auth), id);
  }
}
