import request from 'supertest';
import { OTHER_APPS, type TOtherApps } from '../../shared/other-apps.js';
import { PUBLIC_URL, registerOwner } from '../support/accounts.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({
    env: { PUBLIC_URL, OTHER_APPS_URLS: 'reels=https://apps.example/reels, sessionReplay=https://apps.example/replay' },
  });
});
afterAll(() => t.close());

describe('GET /api/other-apps/', () => {
  it('lists the four sibling apps with their categories, configured URLs first', async () => {
    const { agent } = await registerOwner(t);
    const { apps } = (await agent.get('/api/other-apps/').expect(200)).body as TOtherApps;
    expect(apps.map(({ key, category }) => ({ key, category }))).toEqual(
      OTHER_APPS.map(({ key, category }) => ({ key, category })),
    );
    const url = Object.fromEntries(apps.map((app) => [app.key, app.url]));
    expect(url.reels).toBe('https://apps.example/reels');
    expect(url.sessionReplay).toBe('https://apps.example/replay');
    expect(url.voiceSearch).toMatch(/^https:\/\//);
    expect(url.urgency).toMatch(/^https:\/\//);
  });

  it('is for signed-in users', async () => {
    await request(t.app.getHttpServer()).get('/api/other-apps/').expect(401);
  });
});
