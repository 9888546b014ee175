import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql, type SQL } from 'drizzle-orm';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { isDatabaseUnavailable } from './connection-errors.js';
import * as schema from './schema.js';
import { unwatchPool, watchPool } from '../metrics/metrics.js';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/** Arbitrary constant shared by every instance: whoever holds it applies migrations, the rest wait. */
const MIGRATION_LOCK_KEY = 727_104_551;
/** The longest a request waits for a connection (a new one, or a free one from the pool) before it answers 503. */
const CONNECT_TIMEOUT_MS = 5_000;

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
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    });
    // An idle connection that dies (a restart, a killed backend) leaves the pool by itself; the next query opens another.
    pool.on('error', () => undefined);
    // One that dies while checked out between two statements of a transaction fails its next statement (a 503) and
    // leaves the pool on release; without a listener of its own its 'error' event would be an uncaught exception.
    pool.on('connect', (client) => client.on('error', () => undefined));
    retryReadsOnce(pool);
    watchPool(pool);
    const db = drizzlePg(pool, { schema });
    releasingTransactions(pool, db);
    return handle(db, 'postgres', () => {
      unwatchPool(pool);
      return pool.end();
    });
  }
  mkdirSync(options.pgliteDir, { recursive: true });
  // pg_trgm backs the review search index (migration 0003); PostgreSQL ships it as a trusted extension.
  const client = await PGlite.create(options.pgliteDir, { extensions: { pg_trgm } });
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder: options.migrationsFolder });
  return handle(db, 'pglite', () => client.close());
}

/**
 * A read outside a transaction whose connection died under it (a killed backend, a restart) is tried once more: the
 * dead connection has left the pool, so the retry gets another or a new one, and a reader rarely sees the 503. Writes
 * are not retried: whether they committed is unknown, and the client decides (the answer is a 503).
 */
function retryReadsOnce(pool: pg.Pool): void {
  const query = pool.query.bind(pool) as (
    config: string | pg.QueryConfig,
    values?: unknown[],
  ) => Promise<pg.QueryResult>;
  const retrying = async (config: string | pg.QueryConfig, values?: unknown[]) => {
    try {
      return await query(config, values);
    } catch (error) {
      const text = typeof config === 'string' ? config : config.text;
      if (!/^\s*select\b/i.test(text) || !isDatabaseUnavailable(error)) throw error;
      return query(config, values);
    }
  };
  // drizzle runs every statement outside transactions through `pool.query(config, values)`.
  pool.query = retrying as typeof pool.query;
}

/**
 * Transactions that always give their connection back, and never give back a broken one. drizzle's own checks a client
 * out and runs `begin` before its `try`: on a connection that died while idle in the pool, `begin` throws and that
 * client is never released, so a storm of killed backends (a restart, a failover) used the pool up for good. Here the
 * client is checked out by us, drizzle runs the transaction on it alone, and whatever happens it is released: destroyed
 * (`release(error)`) when `begin`, `commit` or `rollback` failed, since its session's state is then unknown.
 */
function releasingTransactions(pool: pg.Pool, db: NodePgDatabase<typeof schema>): void {
  const onClient = new WeakMap<pg.PoolClient, NodePgDatabase<typeof schema>>();
  db.transaction = async (work, config) => {
    const client = await pool.connect();
    let workError: unknown;
    let broken: Error | undefined;
    try {
      let clientDb = onClient.get(client);
      if (!clientDb) onClient.set(client, (clientDb = drizzlePg(client, { schema })));
      return await clientDb.transaction(async (tx) => {
        try {
          return await work(tx);
        } catch (error) {
          workError = error;
          throw error;
        }
      }, config);
    } catch (error) {
      // The work's own error comes back as it was once `rollback` succeeded; any other is `begin`'s, `commit`'s or
      // `rollback`'s own.
      if (error !== workError) broken = error instanceof Error ? error : new Error(String(error));
      throw error;
    } finally {
      client.release(broken);
    }
  };
}

function handle(db: Database, kind: DatabaseHandle['kind'], close: () => Promise<void>): DatabaseHandle {
  const rows = async <T>(query: SQL) => ((await db.execute(query)) as { rows: T[] }).rows;
  return { db, kind, rows, ping: async () => void (await rows(sql`select 1`)), close };
}
