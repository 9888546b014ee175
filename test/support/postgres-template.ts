import pg from 'pg';
import { migrationsFolder, openDatabase } from '../../server/database/database.js';
import { migrationsHash, ROOT_DIR } from './pglite-template.js';

let made: Promise<string> | undefined;

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/**
 * A migrated PostgreSQL database to copy each test database from (`create database … template`), made once per set
 * of migrations and shared by every jest worker: copying costs a fraction of running every migration again.
 */
export function postgresTemplate(adminUrl: string): Promise<string> {
  made ??= makeTemplate(adminUrl);
  return made;
}

/** Forgets the template this process found (another run on this server dropped it): the next call makes it again. */
export function forgetPostgresTemplate(): void {
  made = undefined;
}

/** Another set's template unused for this long is one no run still needs (runs of several branches at once). */
const STALE_TEMPLATE_MS = 6 * 60 * 60 * 1000;

async function makeTemplate(adminUrl: string): Promise<string> {
  const name = `vr_template_${migrationsHash()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const exists = async () =>
      (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount === 1;
    if (await exists()) return name;
    // Built under a name of its own and renamed when complete, so no worker copies a half-migrated template.
    const staging = `vr_template_staging_${process.pid}_${Date.now().toString(36)}`;
    await admin.query(`create database "${staging}"`);
    const handle = await openDatabase({
      url: withDatabase(adminUrl, staging),
      poolSize: 1,
      pgliteDir: '',
      migrationsFolder: migrationsFolder(ROOT_DIR),
    });
    await handle.close();
    await admin.query(`comment on database "${staging}" is '${Date.now()}'`);
    try {
      await admin.query(`alter database "${staging}" rename to "${name}"`);
    } catch (err) {
      // Another worker finished first: use theirs. It is duplicate_database when theirs had committed, and a
      // unique_violation of pg_database's name index when both renames ran at the same moment.
      await admin.query(`drop database if exists "${staging}" with (force)`);
      if (!['42P04', '23505'].includes((err as { code?: string }).code ?? '')) throw err;
    }
    // Templates of older migration sets are no use, once no run that may still copy them (another branch's, at the
    // same time on this server) made them recently.
    const old = await admin.query<{ datname: string }>(
      `select datname from pg_database
       where datname like 'vr\\_template\\_%' and datname <> $1 and datname not like 'vr\\_template\\_staging\\_%'
         and coalesce(nullif(shobj_description(oid, 'pg_database'), ''), '0')::bigint < $2`,
      [name, Date.now() - STALE_TEMPLATE_MS],
    );
    for (const { datname } of old.rows) await admin.query(`drop database if exists "${datname}" with (force)`);
    return name;
  } finally {
    await admin.end();
  }
}
