import { setFlagsFromString } from 'node:v8';
import { Logger } from '@nestjs/common';
import { createApp } from './bootstrap.js';
import { ConfigError, loadConfig, standInWarning } from './config/config.js';
import { exitGracefullyOnSignals } from './graceful-shutdown.js';

// After each full collection V8 lets the old generation grow to up to 4 times what survived it
// before collecting again. The idle server keeps about 80 MB alive, so a burst of short-lived
// objects that outlive two scavenges (a 100,000-row contacts import: exceljs' rows and cells,
// the checks' parsing) piled up to about 300 MB before the first full collection: +210-230 MB of
// RSS, where a small script running the same reader grew by about 70 MB because its live heap, and
// so its limit, was smaller. Twice what survived keeps that import near +100 MB, no slower
// (bench/RESULTS.md, contacts). V8 reads this value at every full collection, so setting it here
// applies from the start.
setFlagsFromString('--heap-growing-percent=100');

async function main(): Promise<void> {
  const config = loadConfig();
  const app = await createApp(config);
  exitGracefullyOnSignals(app, config.shutdown);
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
