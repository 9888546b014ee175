import { Inject, Injectable, Logger } from '@nestjs/common';
import type { AppConfig } from '../config/config.js';
import { APP_CONFIG } from '../config/config.module.js';
import { StorefrontService } from '../storefront/storefront.service.js';
import { builtAsset, readWidgetBuild, type BuiltAsset, type WidgetBuild } from './widget-bundle.js';

export interface ScriptAnswer {
  status: 200 | 404 | 503;
  asset: BuiltAsset;
}

/** JSON-encoded for a JS string literal, with `<` escaped so the text is also safe inline in HTML. */
function jsString(value: string): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

function warning(message: string): BuiltAsset {
  return builtAsset(Buffer.from(`console.warn(${jsString(`[video-reviews] ${message}`)});\n`), 'fast');
}

/** The per-store loader and the bundles it loads (DESIGN §7). */
@Injectable()
export class WidgetScriptService {
  private readonly build: WidgetBuild | null;
  private readonly loaders = new Map<string, BuiltAsset>();

  constructor(
    private readonly storefront: StorefrontService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.build = readWidgetBuild(config.rootDir);
    if (!this.build) new Logger(WidgetScriptService.name).warn('The widget is not built: run `npm run build:widget`.');
  }

  scriptUrl(storeId: string): string {
    return `${this.config.publicUrl}/widget/v1/${encodeURIComponent(storeId)}.js`;
  }

  async loader(storeId: string): Promise<ScriptAnswer> {
    if (!this.build) return { status: 503, asset: warning('The widget is not built on this server.') };
    const store = /^[\w-]{1,100}$/.test(storeId) ? await this.storefront.findStore(storeId) : null;
    if (!store || store.storeId !== storeId) {
      return {
        status: 404,
        asset: warning(`Unknown store id "${storeId}". Copy the snippet again from Widget settings in your dashboard.`),
      };
    }
    // The store's data version: the widget names it in its calls, so their answers may be kept (CDN_CACHE).
    const version = (await this.storefront.version(store)) ?? '';
    const key = `${storeId}|${version}`;
    let asset = this.loaders.get(key);
    if (!asset) {
      const assets = `${this.config.publicUrl}/widget/v1/assets/`;
      const script = this.build.loaderTemplate
        .replace('"%%STORE%%"', jsString(storeId))
        .replace('"%%API%%"', jsString(this.config.publicUrl))
        .replace('"%%BUNDLE%%"', jsString(assets + this.build.widgetFile))
        .replace('"%%FORM%%"', jsString(assets + this.build.formFile))
        .replace('"%%VERSION%%"', jsString(version));
      asset = builtAsset(Buffer.from(script), 'fast');
      // Bounded: one entry per store and version this instance served, a few hundred bytes each.
      if (this.loaders.size >= 10_000) this.loaders.clear();
      this.loaders.set(key, asset);
    }
    return { status: 200, asset };
  }

  /** The form chunk's path on this server and the CSP hash of the style it adds, for pages hosting the form. */
  formChunk(): { path: string; styleHash: string } | null {
    return this.build
      ? { path: `/widget/v1/assets/${this.build.formFile}`, styleHash: this.build.formStyleHash }
      : null;
  }

  asset(file: string): BuiltAsset | null {
    return this.build?.assets.get(file) ?? null;
  }
}
