import { Logger } from '@nestjs/common';
import { createApp } from './bootstrap.js';
import { ConfigError, loadConfig, standInWarning } from './config/config.js';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const app = await createApp(config);
  await app.listen(config.port, config.host);
  new Logger('Server').log(
    `Atendo ${config.version} listening on ${config.publicUrl} (database: ${config.dbUrl ? 'MySQL/MariaDB' : 'embedded SQLite'}, ` +
      `queues: ${config.redisUrl ? 'Redis' : 'in-process'})`,
  );
  const warning = standInWarning(config);
  // Straight to stderr, so it shows at any LOG_LEVEL, even silent.
  if (warning) console.error(`\n!!! ${warning}\n`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
