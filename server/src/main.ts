import { Logger } from '@nestjs/common';
import { createApp } from './bootstrap.js';
import { ConfigError, loadConfig, standInWarning } from './config/config.js';

async function main(): Promise<void> {
  const config = loadConfig();
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
  // A configuration that cannot work (a bad value, a REDIS_URL nobody answers at) is the operator's
  // to fix: the message says what and where, a stack trace would only bury it.
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
