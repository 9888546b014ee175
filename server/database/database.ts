import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql, type SQL } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema.js';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/** Arbitrary constant shared by every instance: whoever holds it applies migrations, the rest wait. */
const MIGRATION_LOCK_KEY = 727_104_551;

export function migrationsFolder(rootDir: string): string {
  return join(rootDir, 'server', 'database', 'migrations');
}

export interface DatabaseHandle {
  db: Database;
  kind: 'postgres' | 'pglite';
  /** Runs raw SQL and returns its rows (pg and PGlite both answer with `{ rows }`). */
  rows<T>(query: SQL): Promise<T[]>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  url?: string;
  poolSize: number;
  pgliteDir: string;
  migrationsFolder: string;
}

async function migratePostgres(url: string, folder: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migratePg(drizzlePg(client), { migrationsFolder: folder });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
    await client.end();
  }
}

/** Opens PostgreSQL when a URL is given, else PGlite in its data directory, and applies pending migrations. */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.url) {
    await migratePostgres(options.url, options.migrationsFolder);
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize });
    pool.on('error', () => undefined); // idle-client errors surface on the next query; /api/ready reports them
    return handle(drizzlePg(pool, { schema }), 'postgres', () => pool.end());
  }
  mkdirSync(options.pgliteDir, { recursive: true });
  // pg_trgm backs the review search index (migration 0003); PostgreSQL ships it as a trusted extension.
  const client = await PGlite.create(options.pgliteDir, { extensions: { pg_trgm } });
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder: options.migrationsFolder });
  return handle(db, 'pglite', () => client.close());
}

function handle(db: Database, kind: DatabaseHandle['kind'], close: () => Promise<void>): DatabaseHandle {
  const rows = async <T>(query: SQL) => ((await db.execute(query)) as { rows: T[] }).rows;
  return { db, kind, rows, ping: async () => void (await rows(sql`select 1`)), close };
}
