import { sql } from 'drizzle-orm';
import { migrationsFolder, openDatabase, type DatabaseHandle } from '../../server/database/database.js';
import { ROOT_DIR } from '../support/pglite-template.js';
import { createTestEnv, type TestEnv } from '../support/test-env.js';

// Runs on PostgreSQL when DATABASE_URL is set, on PGlite otherwise (CI runs both).
describe('migrations', () => {
  let testEnv: TestEnv;
  beforeEach(async () => {
    testEnv = await createTestEnv();
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
    const result = await handle.db.execute<{ table_name: string }>(
      sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
    );
    return result.rows.map((r) => r.table_name);
  }

  it('creates the whole data model and is idempotent on restart, keeping data', async () => {
    const first = await open();
    expect(await tableNames(first)).toEqual([
      'invitations',
      'media',
      'memberships',
      'merchants',
      'password_resets',
      'plans',
      'product_widget_overrides',
      'products',
      'refresh_tokens',
      'review_status_changes',
      'reviews',
      'subscriptions',
      'users',
      'webhook_events',
      'widget_event_daily',
      'widget_events',
      'widget_settings',
      'workspaces',
    ]);
    await first.db.execute(sql`insert into workspaces (name) values ('kept')`);
    await first.close();

    const second = await open();
    const applied = await second.db.execute<{ count: number }>(
      sql`select count(*)::int as count from drizzle.__drizzle_migrations`,
    );
    expect(applied.rows[0].count).toBeGreaterThan(0);
    const workspaces = await second.db.execute<{ name: string }>(sql`select name from workspaces`);
    expect(workspaces.rows).toEqual([{ name: 'kept' }]);
    await second.close();
  });

  if (process.env.DATABASE_URL) {
    it('lets instances starting together migrate once, serialised by the advisory lock', async () => {
      const handles = await Promise.all([open(), open(), open()]);
      const applied = await handles[0].db.execute<{ count: number }>(
        sql`select count(*)::int as count from drizzle.__drizzle_migrations`,
      );
      const files = (await import('node:fs')).readdirSync(migrationsFolder(ROOT_DIR)).filter((f) => f.endsWith('.sql'));
      expect(applied.rows[0].count).toBe(files.length);
      await Promise.all(handles.map((h) => h.close()));
    });
  }

  it('enforces the rules the schema states (rating 1–5, one membership per user and workspace)', async () => {
    const handle = await open();
    const db = handle.db;
    const [{ id: ws }] = (
      await db.execute<{ id: string }>(sql`insert into workspaces (name) values ('w') returning id`)
    ).rows;
    const [{ id: merchant }] = (
      await db.execute<{ id: string }>(
        sql`insert into merchants (workspace_id, store_id) values (${ws}, 's1') returning id`,
      )
    ).rows;
    const [{ id: product }] = (
      await db.execute<{ id: string }>(
        sql`insert into products (merchant_id, external_id, name) values (${merchant}, 'p1', 'Shoe') returning id`,
      )
    ).rows;
    await expect(
      db.execute(sql`insert into reviews (merchant_id, product_id, rating) values (${merchant}, ${product}, 6)`),
    ).rejects.toThrow();
    await db.execute(sql`insert into reviews (merchant_id, product_id, rating) values (${merchant}, ${product}, 5)`);
    const [{ id: user }] = (
      await db.execute<{ id: string }>(sql`insert into users (email, password_hash) values ('a@b.c', 'x') returning id`)
    ).rows;
    await db.execute(sql`insert into memberships (workspace_id, user_id, role) values (${ws}, ${user}, 'owner')`);
    await expect(
      db.execute(sql`insert into memberships (workspace_id, user_id, role) values (${ws}, ${user}, 'member')`),
    ).rejects.toThrow();
    await handle.close();
  });
});
