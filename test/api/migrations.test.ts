import { readdirSync } from 'node:fs';
import { sql, type SQL } from 'drizzle-orm';
import { migrationsFolder, openDatabase, type DatabaseHandle } from '../../server/database/database.js';
import { ROOT_DIR } from '../support/pglite-template.js';
import { createTestEnv, type TestEnv } from '../support/test-env.js';

// Runs on PostgreSQL when DATABASE_URL is set, on PGlite otherwise (CI runs both).
describe('migrations', () => {
  let testEnv: TestEnv;
  beforeEach(async () => {
    // A database no migration ran on (in PostgreSQL mode; PGlite's copy is of a migrated template).
    testEnv = await createTestEnv({}, { blank: true });
  });
  afterEach(() => testEnv.cleanup());

  const open = () =>
    openDatabase({
      url: testEnv.env.DATABASE_URL,
      poolSize: 4,
      pgliteDir: `${testEnv.dataDir}/pglite`,
      migrationsFolder: migrationsFolder(ROOT_DIR),
    });

  async function tableNames(handle: DatabaseHandle): Promise<string[]> {
    const rows = await handle.rows<{ table_name: string }>(
      sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
    );
    return rows.map((r) => r.table_name);
  }

  it('creates the whole data model and is idempotent on restart, keeping data', async () => {
    const first = await open();
    expect(await tableNames(first)).toEqual([
      'api_keys',
      'email_changes',
      'invitations',
      'job_schedules',
      'jobs',
      'mail_suppressions',
      'media',
      'memberships',
      'merchants',
      'moderation_settings',
      'notification_preferences',
      'notification_sends',
      'oauth_states',
      'order_items',
      'orders',
      'password_resets',
      'plans',
      'platform_review_copies',
      'product_rating_counters',
      'product_widget_overrides',
      'products',
      'questions',
      'refresh_tokens',
      'review_counters',
      'review_daily',
      'review_engagement_daily',
      'review_engagement_monthly',
      'review_engagement_store_daily',
      'review_import_counters',
      'review_import_skips',
      'review_imports',
      'review_product_daily',
      'review_product_monthly',
      'review_rating_daily',
      'review_request_funnel_daily',
      'review_request_products',
      'review_request_settings',
      'review_requests',
      'review_status_changes',
      'review_votes',
      'reviews',
      'signup_requests',
      'subscriptions',
      'upload_locks',
      'users',
      'webhook_deliveries',
      'webhook_endpoints',
      'webhook_events',
      'widget_event_daily',
      'widget_event_product_monthly',
      'widget_event_store_daily',
      'widget_events',
      'widget_session_outcome_daily',
      'widget_settings',
      'workspaces',
    ]);
    await first.rows(sql`insert into workspaces (name) values ('kept')`);
    await first.close();

    const second = await open();
    const [applied] = await second.rows<{ count: number }>(
      sql`select count(*)::int as count from drizzle.__drizzle_migrations`,
    );
    expect(applied.count).toBeGreaterThan(0);
    expect(await second.rows(sql`select name from workspaces`)).toEqual([{ name: 'kept' }]);
    await second.close();
  });

  if (process.env.DATABASE_URL) {
    it('lets instances starting together migrate once, serialised by the advisory lock', async () => {
      const handles = await Promise.all([open(), open(), open()]);
      const [applied] = await handles[0].rows<{ count: number }>(
        sql`select count(*)::int as count from drizzle.__drizzle_migrations`,
      );
      const files = readdirSync(migrationsFolder(ROOT_DIR)).filter((f) => f.endsWith('.sql'));
      expect(applied.count).toBe(files.length);
      await Promise.all(handles.map((h) => h.close()));
    });
  }

  it('enforces the rules the schema states (rating 1–5, one membership per user and workspace)', async () => {
    const handle = await open();
    const one = async (query: SQL) => (await handle.rows<{ id: string }>(query))[0].id;
    const ws = await one(sql`insert into workspaces (name) values ('w') returning id`);
    const merchant = await one(sql`insert into merchants (workspace_id, store_id) values (${ws}, 's1') returning id`);
    const product = await one(
      sql`insert into products (merchant_id, external_id, name) values (${merchant}, 'p1', 'Shoe') returning id`,
    );
    await expect(
      handle.rows(sql`insert into reviews (merchant_id, product_id, rating) values (${merchant}, ${product}, 6)`),
    ).rejects.toThrow();
    await handle.rows(sql`insert into reviews (merchant_id, product_id, rating) values (${merchant}, ${product}, 5)`);
    const user = await one(sql`insert into users (email, password_hash) values ('a@b.c', 'x') returning id`);
    await handle.rows(sql`insert into memberships (workspace_id, user_id, role) values (${ws}, ${user}, 'owner')`);
    await expect(
      handle.rows(sql`insert into memberships (workspace_id, user_id, role) values (${ws}, ${user}, 'member')`),
    ).rejects.toThrow();
    await handle.close();
  });
});
