#!/usr/bin/env node
// npm run reseal: seals every stored secret (companies' API keys, integration credentials, WhatsApp
// session credentials) again under the current SECRETS_KEY, after a rotation. Safe to run while
// servers run, and again: what is already under the current key is left as it is.
import { serverConfig, serverModule } from './lib/server-dist.mjs';

if (process.argv.includes('-h') || process.argv.includes('--help')) {
  console.log(`Usage: npm run reseal

After SECRETS_KEY changed (the old key in SECRETS_KEY_PREVIOUS), seals every stored secret again
under SECRETS_KEY. Then SECRETS_KEY_PREVIOUS can be removed.`);
  process.exit(0);
}
const config = await serverConfig('reseal');
const { openDatabase } = await serverModule('reseal', 'maintenance/database.js');
const { resealAll } = await serverModule('reseal', 'maintenance/reseal.js');
const { SecretBox } = await serverModule('reseal', 'common/secret-box.js');
const box = new SecretBox(config.secretsKey, config.secretsKeysPrevious);
const db = await openDatabase(config);
try {
  if (await db.showMigrations()) {
    console.error('reseal: the database has migrations to run: start the server of this version once first');
    process.exitCode = 1;
  } else {
    for (const count of await resealAll(db, box)) {
      console.log(
        `  ${count.table}.${count.column}: ${count.values} values, ${count.resealed} sealed again` +
          (count.skipped
            ? `, ${count.skipped} changed meanwhile (run reseal again if a server still has the old key)`
            : ''),
      );
    }
    console.log(`Every secret is sealed under key ${box.keyId}.`);
  }
} catch (error) {
  console.error(`reseal: ${error.message}`);
  process.exitCode = 1;
} finally {
  await db.destroy();
}
