import request from 'supertest';
import type { TPage } from '../../shared/reviews.js';
import {
  WIDGET_DEFAULTS,
  WIDGET_LANGUAGES,
  WIDGET_LAYOUTS,
  type TProduct,
  type TProductOverride,
  type TWidgetSettings,
} from '../../shared/widgets.js';
import { seedReviews } from '../factories/reviews.factory.js';
import { PUBLIC_URL, registerOwner } from '../support/accounts.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
let http: ReturnType<typeof request>;
beforeAll(async () => {
  t = await startTestApp({ env: { PUBLIC_URL } });
  http = request(t.app.getHttpServer());
});
afterAll(() => t.close());

describe('global widget settings', () => {
  it('answers SPEC §9 defaults before any save, then what was saved (any subset of fields)', async () => {
    const { agent } = await registerOwner(t);
    expect((await agent.get('/api/widgets/global-settings/current/').expect(200)).body).toEqual(WIDGET_DEFAULTS);
    const saved = await agent
      .post('/api/widgets/global-settings/')
      .send({ primary_color: '#7C3AED', initial_videos_count: 0, compact_mode: true, widget_title: ' Our fans ' })
      .expect(200);
    expect(saved.body).toEqual({
      ...WIDGET_DEFAULTS,
      primary_color: '#7c3aed',
      initial_videos_count: 0,
      compact_mode: true,
      widget_title: 'Our fans',
    } satisfies TWidgetSettings);
    expect(WIDGET_DEFAULTS.layout).toBe('grid');
    expect(WIDGET_DEFAULTS.language).toBe('auto');
    await agent
      .post('/api/widgets/global-settings/')
      .send({ position: 'custom', custom_selector: '#reviews-here' })
      .expect(200);
    const current = (await agent.get('/api/widgets/global-settings/current/').expect(200)).body as TWidgetSettings;
    expect(current).toMatchObject({ primary_color: '#7c3aed', position: 'custom', custom_selector: '#reviews-here' });
  });

  it('saves each layout on its own, keeping the other settings', async () => {
    const { agent } = await registerOwner(t);
    await agent.post('/api/widgets/global-settings/').send({ primary_color: '#112233' }).expect(200);
    for (const layout of WIDGET_LAYOUTS) {
      const saved = await agent.post('/api/widgets/global-settings/').send({ layout }).expect(200);
      expect(saved.body).toEqual({ ...WIDGET_DEFAULTS, primary_color: '#112233', layout });
      expect((await agent.get('/api/widgets/global-settings/current/').expect(200)).body.layout).toBe(layout);
    }
  });

  it('refuses every invalid field with a message on that field, keeping what was saved', async () => {
    const { agent } = await registerOwner(t);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ primary_color: 'purple' }, 'primary_color'],
      [{ background_color: '#fff' }, 'background_color'],
      [{ initial_videos_count: 4 }, 'initial_videos_count'],
      [{ widget_title: 'x'.repeat(101) }, 'widget_title'],
      [{ position: 'sidebar' }, 'position'],
      [{ position: 'custom' }, 'custom_selector'],
      [{ position: 'custom', custom_selector: 'div { color: red' }, 'custom_selector'],
      [{ position: 'custom', custom_selector: '</script><script>' }, 'custom_selector'],
      [{ custom_selector: 'a'.repeat(201) }, 'custom_selector'],
      [{ show_rating: 'yes' }, 'show_rating'],
      [{ accept_text_reviews: 'yes' }, 'accept_text_reviews'],
      [{ accept_text_reviews: null }, 'accept_text_reviews'],
      [{ layout: 'masonry' }, 'layout'],
      [{ layout: null }, 'layout'],
      [{ language: 'de' }, 'language'],
      [{ language: 'es-AR' }, 'language'],
      [{ language: null }, 'language'],
    ];
    for (const [body, field] of cases) {
      const res = await agent.post('/api/widgets/global-settings/').send(body).expect(400);
      expect(res.body.code).toBe('validation_error');
      expect(Object.keys(res.body.fields)).toEqual([field]);
    }
    expect((await agent.get('/api/widgets/global-settings/current/').expect(200)).body).toEqual(WIDGET_DEFAULTS);
    await http.get('/api/widgets/global-settings/current/').expect(401);
  });
});

describe('the widget’s language', () => {
  it('is automatic until saved, then the language chosen, apart from the store’s language', async () => {
    const { agent, merchantId } = await registerOwner(t);
    expect((await agent.get('/api/widgets/global-settings/current/').expect(200)).body.language).toBe('auto');
    for (const language of WIDGET_LANGUAGES) {
      const saved = await agent.post('/api/widgets/global-settings/').send({ language }).expect(200);
      expect(saved.body).toEqual({ ...WIDGET_DEFAULTS, language });
    }
    await agent.post('/api/widgets/global-settings/').send({ language: 'es' }).expect(200);
    // The sidebar's language (the dashboard's and the mails') is the store's; the widget's stays as saved.
    await agent.patch(`/api/stores/${merchantId}/`).send({ main_language: 'pt' }).expect(200);
    expect((await agent.get('/api/widgets/global-settings/current/').expect(200)).body.language).toBe('es');
  });
});

describe('products and per-product overrides', () => {
  it('lists products with search, and upserts, reads, updates and removes an override', async () => {
    const { agent, merchantId } = await registerOwner(t);
    await seedReviews(t, merchantId, 1, { productId: 'shirt-1', productName: 'Linen Shirt' });
    await seedReviews(t, merchantId, 1, { productId: 'hat-1', productName: 'Wool Hat' });
    const all = (await agent.get('/api/products/').expect(200)).body as TPage<TProduct & { override: unknown }>;
    expect(all.results.map((p) => [p.external_id, p.name, p.override])).toEqual(
      [
        ['shirt-1', 'Linen Shirt', null],
        ['hat-1', 'Wool Hat', null],
      ].sort((a, b) => String(a[1]).localeCompare(String(b[1]))),
    );
    expect((await agent.get('/api/products/?search=WOOL').expect(200)).body.count).toBe(1);

    await agent.get('/api/widgets/product-overrides/by_product/?product_id=hat-1').expect(404);
    const set = await agent
      .post('/api/widgets/product-overrides/set_override/')
      .send({ product_id: 'hat-1', position: 'custom', custom_selector: '.hat-reviews', enabled: true })
      .expect(200);
    expect(set.body).toMatchObject({
      product_id: 'hat-1',
      position: 'custom',
      custom_selector: '.hat-reviews',
      enabled: true,
    });
    const again = await agent
      .post('/api/widgets/product-overrides/set_override/')
      .send({ product_id: 'hat-1', position: 'global', enabled: false })
      .expect(200);
    expect(again.body.id).toBe(set.body.id);
    expect(
      (await agent.get('/api/widgets/product-overrides/by_product/?product_id=hat-1').expect(200)).body,
    ).toMatchObject({
      position: 'global',
      custom_selector: null,
      enabled: false,
    });
    const listed = (await agent.get('/api/widgets/product-overrides/').expect(200)).body.results as TProductOverride[];
    expect(listed.map((o) => o.product.name)).toEqual(['Wool Hat']);
    const withOverride = (await agent.get('/api/products/?search=hat').expect(200)).body.results[0];
    expect(withOverride.override).toMatchObject({ id: set.body.id, enabled: false });

    const put = await agent
      .put(`/api/widgets/product-overrides/${set.body.id}/`)
      .send({ product_id: 'hat-1', position: 'after_gallery', enabled: true })
      .expect(200);
    expect(put.body.position).toBe('after_gallery');
    await agent.delete(`/api/widgets/product-overrides/${set.body.id}/`).expect(204);
    await agent.delete(`/api/widgets/product-overrides/${set.body.id}/`).expect(404);
    await agent.get('/api/widgets/product-overrides/by_product/?product_id=hat-1').expect(404);
    const created = await agent.post('/api/widgets/product-overrides/').send({ product_id: 'shirt-1' }).expect(201);
    expect(created.body).toMatchObject({ position: 'global', enabled: true });
  });

  it('refuses unknown products and invalid overrides, and another store’s overrides are out of reach', async () => {
    const a = await registerOwner(t);
    const b = await registerOwner(t);
    await seedReviews(t, b.merchantId, 1, { productId: 'b-1', productName: 'B product' });
    const theirs = await b.agent
      .post('/api/widgets/product-overrides/set_override/')
      .send({ product_id: 'b-1' })
      .expect(200);
    const unknown = await a.agent
      .post('/api/widgets/product-overrides/set_override/')
      .send({ product_id: 'b-1' })
      .expect(400);
    expect(unknown.body.fields).toEqual({ product_id: ['No product with this id in your store.'] });
    await a.agent.put(`/api/widgets/product-overrides/${theirs.body.id}/`).send({ product_id: 'b-1' }).expect(400);
    await a.agent.delete(`/api/widgets/product-overrides/${theirs.body.id}/`).expect(404);
    expect((await a.agent.get('/api/widgets/product-overrides/').expect(200)).body.results).toEqual([]);
    expect((await a.agent.get('/api/products/').expect(200)).body.count).toBe(0);
    const bad = await b.agent
      .post('/api/widgets/product-overrides/set_override/')
      .send({ product_id: 'b-1', position: 'custom', enabled: 'no' })
      .expect(400);
    expect(Object.keys(bad.body.fields).sort()).toEqual(['enabled']);
    const noSelector = await b.agent
      .post('/api/widgets/product-overrides/set_override/')
      .send({ product_id: 'b-1', position: 'custom' })
      .expect(400);
    expect(Object.keys(noSelector.body.fields)).toEqual(['custom_selector']);
  });
});

describe('installation snippet', () => {
  it('gives the script tag with the store id and the public URL', async () => {
    const { agent, storeId } = await registerOwner(t);
    const res = await agent.get('/api/installation/snippet/').expect(200);
    expect(res.body).toEqual({
      store_id: storeId,
      script_url: `${PUBLIC_URL}/widget/v1/${storeId}.js`,
      snippet: `<script src="${PUBLIC_URL}/widget/v1/${storeId}.js" async></script>`,
      google_feed_url: `${PUBLIC_URL}/feeds/${storeId}/google-product-reviews.xml`,
    });
  });
});
