import { fileURLToPath } from 'node:url';
import { Logger } from '@nestjs/common';
import { createApp } from './app.js';
import { ConfigError, loadConfig } from './config/config.js';

// dist/api/server/main.js → the repository root, where server/database/migrations and dist/ live.
const rootDir = fileURLToPath(new URL('../../../', import.meta.url));

async function main(): Promise<void> {
  let config;
  try {
    // The one place the process environment is read.
    config = loadConfig(process.env, rootDir);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(78);
    }
    throw error;
  }

  const app = await createApp(config);
  const logger = new Logger('Main');
  await app.listen({ port: config.port, host: config.host });
  logger.log(
    `Listening on ${config.publicUrl} (database: ${config.database.url ? 'postgres' : 'pglite'}, cache: ${config.redis.url ? 'redis' : 'memory'})`,
  );

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    logger.log(`${signal} received: finishing in-flight requests`);
    setTimeout(() => {
      logger.error('Shutdown timed out; exiting');
      process.exit(1);
    }, config.shutdownTimeoutMs).unref();
    // Stops accepting, waits for in-flight requests, then closes the database and cache pools.
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error(error);
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
