import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { forgetPostgresTemplate, postgresTemplate } from './postgres-template.js';
import { pgliteTemplateDir } from './pglite-template.js';

/** An isolated place for one app: its own DATA_DIR, its own database, its own Redis key prefix. */
export interface TestEnv {
  env: Record<string, string>;
  dataDir: string;
  cleanup(): Promise<void>;
}

export const JWT_SECRET = 'test-jwt-secret-that-is-long-enough-0123456789';

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/** `blank`: a PostgreSQL database with no migrations applied yet (the app applies them as it opens it). */
export async function createTestEnv(
  extra: Record<string, string> = {},
  options: { blank?: boolean } = {},
): Promise<TestEnv> {
  const dataDir = mkdtempSync(join(tmpdir(), 'vr-test-'));
  const suffix = randomBytes(6).toString('hex');
  const env: Record<string, string> = {
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    DATA_DIR: dataDir,
    JWT_SECRET,
    PORT: '0',
    HOST: '127.0.0.1',
    // Uploads are re-encoded after they answer. Suites about something else keep files as uploaded, so what they
    // read right after an upload never races the re-encoding; the media processing suites turn it on.
    MEDIA_PROCESSING: 'false',
  };
  const cleanups: Array<() => Promise<void>> = [];

  const adminUrl = process.env.DATABASE_URL;
  if (adminUrl) {
    const database = `vr_test_${suffix}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      const template = options.blank ? 'template1' : await postgresTemplate(adminUrl);
      await admin.query(`create database "${database}" template "${template}"`).catch(async (err: unknown) => {
        // Dropped by another run on this server (invalid_catalog_name): made again once.
        if ((err as { code?: string }).code !== '3D000' || options.blank) throw err;
        forgetPostgresTemplate();
        await admin.query(`create database "${database}" template "${await postgresTemplate(adminUrl)}"`);
      });
    } finally {
      await admin.end();
    }
    env.DATABASE_URL = withDatabase(adminUrl, database);
    cleanups.push(async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists "${database}" with (force)`);
      await client.end();
    });
  } else {
    cpSync(await pgliteTemplateDir(), join(dataDir, 'pglite'), { recursive: true });
  }

  if (process.env.REDIS_URL) {
    env.REDIS_URL = process.env.REDIS_URL;
    env.REDIS_KEY_PREFIX = `vr-test:${suffix}:`;
  }

  Object.assign(env, extra);
  return {
    env,
    dataDir,
    async cleanup() {
      for (const fn of cleanups) await fn();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
