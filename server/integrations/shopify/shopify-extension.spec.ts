import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SHOPIFY_EMBED_HANDLE, SHOPIFY_SCOPES } from '../../../shared/shopify.js';
import { ROOT_DIR } from '../../../test/support/pglite-template.js';
import { LOADER_METAFIELD, RATING_METAFIELDS, WIDGET_METAFIELD } from './shopify.graphql.js';

// The Shopify app's deployable configuration (extensions/, shopify.app.toml) must agree with what the server does.

const extension = join(ROOT_DIR, 'extensions', 'video-reviews');

describe('the theme app extension', () => {
  const block = readFileSync(join(extension, 'blocks', `${SHOPIFY_EMBED_HANDLE}.liquid`), 'utf8');

  it('is an app embed in <head> whose file name is the handle the deep link activates', () => {
    const schema = JSON.parse(block.match(/{% schema %}([\s\S]*?){% endschema %}/)![1]) as { target: string };
    expect(schema.target).toBe('head');
    expect(readFileSync(join(extension, 'shopify.extension.toml'), 'utf8')).toMatch(/^type = "theme"$/m);
  });

  it('loads, async, the loader URL the install writes into the app-data metafield, escaped', () => {
    const metafield = `app.metafields.${LOADER_METAFIELD.namespace}.${LOADER_METAFIELD.key}.value`;
    expect(block).toContain(`assign loader_url = ${metafield}`);
    expect(block).toContain('<script src="{{ loader_url | escape }}" async></script>');
  });

  it('has its merchant-facing name in every language of the schema', () => {
    for (const file of ['en.default.schema.json', 'es.schema.json', 'pt-BR.schema.json']) {
      expect(existsSync(join(extension, 'locales', file))).toBe(true);
    }
  });
});

interface BlockSchema {
  name: string;
  target: string;
  settings: Array<{ type: string; id: string; label: string; autofill?: boolean }>;
}

const schemaOf = (block: string) => JSON.parse(block.match(/{% schema %}([\s\S]*?){% endschema %}/)![1]) as BlockSchema;

/** The block's name and its settings' labels are in every language of the extension. */
function expectTranslated(schema: BlockSchema): void {
  for (const file of ['en.default.schema.json', 'es.schema.json', 'pt-BR.schema.json']) {
    const texts = JSON.parse(readFileSync(join(extension, 'locales', file), 'utf8')) as Record<string, unknown>;
    for (const key of [schema.name, ...schema.settings.map((setting) => setting.label)]) {
      const path = key.replace(/^t:/, '').split('.');
      expect(typeof path.reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], texts)).toBe(
        'string',
      );
    }
  }
}

describe("the theme app extension's star rating block", () => {
  const block = readFileSync(join(extension, 'blocks', 'star-rating.liquid'), 'utf8');
  const schema = schemaOf(block);

  it("is an app block for sections and cards, taking the card's product by autofill", () => {
    expect(schema.target).toBe('section');
    expect(schema.settings).toEqual([expect.objectContaining({ type: 'product', id: 'product', autofill: true })]);
  });

  it('marks where the stars go with the attribute the widget looks for, with its height reserved', () => {
    expect(block).toContain('data-vr-product-id="{{ rated.id }}"');
    expect(block).toMatch(/style="min-height: \d+px"/);
    expect(block).not.toContain('<script');
  });

  it('has its texts in every language of the schema', () => expectTranslated(schema));
});

describe("the theme app extension's product reviews block", () => {
  const block = readFileSync(join(extension, 'blocks', 'product-reviews.liquid'), 'utf8');
  const schema = schemaOf(block);

  it("is an app block for the product's section, taking its product by autofill", () => {
    expect(schema.target).toBe('section');
    expect(schema.settings).toEqual([expect.objectContaining({ type: 'product', id: 'product', autofill: true })]);
  });

  it('is the placeholder the widget fills, sized from the metafields the server writes', () => {
    expect(block).toContain('data-video-reviews data-product-id="{{ reviewed.id }}"');
    expect(block).toContain(`app.metafields.${WIDGET_METAFIELD.namespace}.${WIDGET_METAFIELD.key}.value`);
    const count = RATING_METAFIELDS.count;
    expect(block).toContain(`reviewed.metafields.${count.namespace}.${count.key}.value`);
    expect(block).not.toContain('<script');
  });

  it('has its texts in every language of the schema', () => expectTranslated(schema));
});

describe('shopify.app.toml', () => {
  const toml = readFileSync(join(ROOT_DIR, 'shopify.app.toml'), 'utf8');

  it('asks for the scopes the server asks for', () => {
    expect(toml).toContain(`scopes = "${SHOPIFY_SCOPES.join(',')}"`);
  });

  it('declares the three mandatory privacy topics on the webhook route, and the app and callback URLs', () => {
    expect(toml).toContain('compliance_topics = ["customers/data_request", "customers/redact", "shop/redact"]');
    expect(toml).toMatch(/uri = "https:\/\/[^"]+\/api\/webhooks\/shopify\/"/);
    expect(toml).toMatch(/application_url = "https:\/\/[^"]+\/api\/auth\/shopify\/"/);
    expect(toml).toMatch(/redirect_urls = \["https:\/\/[^"]+\/api\/auth\/shopify\/callback\/"\]/);
  });
});

describe("Shopify's Theme Check on the theme app extension", () => {
  // The Liquid reference Theme Check reads is the one its package ships (no download: CI has no internet, and the
  // result must not change with Shopify's latest docs between two runs of one commit).
  const docs = join(ROOT_DIR, 'node_modules', '@shopify', 'theme-check-docs-updater', 'data');
  const config = join(ROOT_DIR, 'extensions', 'theme-check.yml');

  async function offenses(root: string): Promise<string[]> {
    process.env.SHOPIFY_TLD_ROOT = docs;
    const { themeCheckRun } = await import('@shopify/theme-check-node');
    const run = await themeCheckRun(root, config, () => undefined);
    return run.offenses.map((o) => `${o.check} ${o.uri.split('/').slice(-2).join('/')}:${o.start.line}: ${o.message}`);
  }

  it('finds nothing in the blocks, their schemas and their locales', async () => {
    expect(await offenses(extension)).toEqual([]);
  });

  it('does report what it checks, on a copy with an unknown filter and a missing translation', async () => {
    const copy = mkdtempSync(join(tmpdir(), 'theme-check-'));
    try {
      cpSync(extension, copy, { recursive: true });
      const file = join(copy, 'blocks', `${SHOPIFY_EMBED_HANDLE}.liquid`);
      writeFileSync(
        file,
        readFileSync(file, 'utf8').replace('| escape', '| no_such_filter').replace('"t:name"', '"t:no_such_key"'),
      );
      const found = await offenses(copy);
      expect(found).toEqual(
        expect.arrayContaining([
          expect.stringMatching(/^UnknownFilter /),
          expect.stringMatching(/^ValidSchemaTranslations /),
        ]),
      );
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
  });
});
