import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createApp } from '../../server/app.js';
import { loadConfig, type AppConfig } from '../../server/config/config.js';
import { ROOT_DIR } from './pglite-template.js';
import { createTestEnv, type TestEnv } from './test-env.js';

export interface TestApp {
  app: NestFastifyApplication;
  config: AppConfig;
  testEnv: TestEnv;
  close(): Promise<void>;
}

/** Boots the real application in-process on an isolated database and cache. */
export async function startTestApp(options: { env?: Record<string, string> } = {}): Promise<TestApp> {
  const testEnv = await createTestEnv(options.env);
  const config = loadConfig(testEnv.env, ROOT_DIR);
  const app = await createApp(config);
  return {
    app,
    config,
    testEnv,
    async close() {
      await app.close();
      await testEnv.cleanup();
    },
  };
}
