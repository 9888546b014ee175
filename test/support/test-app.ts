import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createApp } from '../../server/app.js';
import { loadConfig, type AppConfig } from '../../server/config/config.js';
import { ROOT_DIR } from './pglite-template.js';
import { createTestEnv, type TestEnv } from './test-env.js';

export interface TestApp {
  app: NestFastifyApplication;
  config: AppConfig;
  testEnv: TestEnv;
  /** Base URL once listen() was called. */
  url: string;
  close(): Promise<void>;
}

/** Boots the real application in-process on an isolated database and cache. */
export async function startTestApp(options: { env?: Record<string, string>; listen?: boolean } = {}): Promise<TestApp> {
  const testEnv = await createTestEnv(options.env);
  const config = loadConfig(testEnv.env, ROOT_DIR);
  const app = await createApp(config);
  let url = '';
  if (options.listen) {
    await app.listen({ port: 0, host: '127.0.0.1' });
    url = await app.getUrl();
    url = url.replace('[::1]', '127.0.0.1');
  }
  return {
    app,
    config,
    testEnv,
    url,
    async close() {
      await app.close();
      await testEnv.cleanup();
    },
  };
}
