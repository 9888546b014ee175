import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createApp } from '../../server/app.js';
import { loadConfig, type AppConfig } from '../../server/config/config.js';
import type { Database, DatabaseHandle } from '../../server/database/database.js';
import { DATABASE } from '../../server/database/database.module.js';
import { ContractCheck } from './contract-check.js';
import { ROOT_DIR } from './pglite-template.js';
import { createTestEnv, type TestEnv } from './test-env.js';

export interface TestApp {
  app: NestFastifyApplication;
  config: AppConfig;
  testEnv: TestEnv;
  /** What the app answered that its API document does not describe (checked on every answer). */
  contract: ContractCheck;
  close(): Promise<void>;
}

/** Boots the real application in-process on an isolated database and cache. */
export async function startTestApp(options: { env?: Record<string, string> } = {}): Promise<TestApp> {
  const testEnv = await createTestEnv(options.env);
  const config = loadConfig(testEnv.env, ROOT_DIR);
  const contract = new ContractCheck();
  const app = await createApp(config, (fastify) => contract.install(fastify));
  contract.attach(app);
  return {
    app,
    config,
    testEnv,
    contract,
    async close() {
      await app.close();
      await testEnv.cleanup();
    },
  };
}

/** The app's own database, for tests that must set up states no API call can (an expired link). */
export function databaseOf(t: TestApp): Database {
  return handleOf(t).db;
}

export function handleOf(t: TestApp): DatabaseHandle {
  return t.app.get<DatabaseHandle>(DATABASE);
}
