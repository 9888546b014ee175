import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { compress } from '../common/content-encoding.js';
import { etagOf } from '../common/etag.js';

/** One built file of the widget, with its encodings computed once (they are served on every storefront page). */
export interface BuiltAsset {
  body: Buffer;
  gzip: Buffer;
  br: Buffer;
  etag: string;
}

/** `widget/build.mjs`'s output: the loader template and the content-hashed bundles it points to. */
export interface WidgetBuild {
  loaderTemplate: string;
  widgetFile: string;
  formFile: string;
  /** The CSP hash (`sha256-…`) of the <style> the form adds, for pages that host the form. */
  formStyleHash: string;
  assets: Map<string, BuiltAsset>;
}

/**
 * `best` for the bundles, compressed once at start; `fast` for what is made as it is asked for (a store's loader, a
 * warning), where brotli's best costs over a millisecond a script of a few hundred bytes and saves a few of them.
 */
export function builtAsset(body: Buffer, quality: 'fast' | 'best' = 'best'): BuiltAsset {
  return {
    body,
    gzip: compress(body, 'gzip', quality),
    br: compress(body, 'br', quality),
    etag: etagOf(body),
  };
}

/** Null when the widget was never built (`npm run build:widget`). */
export function readWidgetBuild(rootDir: string): WidgetBuild | null {
  const dir = join(rootDir, 'dist', 'widget');
  const manifestPath = join(dir, 'manifest.json');
  if (!existsSync(manifestPath)) return null;
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as {
    loader: string;
    widget: string;
    form: string;
    badges: string;
    all: string;
    jsonld: string;
    formStyle: string;
  };
  const assets = new Map<string, BuiltAsset>();
  for (const file of [manifest.widget, manifest.form, manifest.badges, manifest.all, manifest.jsonld])
    assets.set(file, builtAsset(readFileSync(join(dir, file))));
  return {
    loaderTemplate: readFileSync(join(dir, manifest.loader), 'utf8'),
    widgetFile: manifest.widget,
    formFile: manifest.form,
    formStyleHash: manifest.formStyle,
    assets,
  };
}
