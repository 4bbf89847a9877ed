#!/usr/bin/env node
// npm run backup -- <dir>: the database, DATA_DIR's files and the generated secrets into <dir>,
// with a manifest of checksums. Safe while the server runs. Reads the server's environment
// (DB_URL, DATA_DIR, SECRETS_KEY…).
import { parseArgs } from 'node:util';
import { serverConfig, serverModule } from './lib/server-dist.mjs';

const USAGE = `Usage: npm run backup -- <dir>

Backs up the installation the environment configures (DB_URL or the SQLite file under DATA_DIR,
DATA_DIR's files, DATA_DIR/secrets.json) into <dir>, which must be new or empty. The server may
keep running. Keep <dir> safe: it holds every company's data and the generated secrets.`;

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { help: { type: 'boolean', short: 'h' } },
});
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
if (positionals.length !== 1) {
  console.error(`backup: name the folder to back up into\n\n${USAGE}`);
  process.exit(1);
}
const config = await serverConfig('backup');
const { backup } = await serverModule('backup', 'maintenance/backup.js');
try {
  const started = Date.now();
  const manifest = await backup(config, positionals[0], (line) => console.log(`  ${line}`));
  console.log(
    `Backup done in ${((Date.now() - started) / 1000).toFixed(1)} s: ${positionals[0]} (version ${manifest.version})`,
  );
} catch (error) {
  console.error(`backup: ${error.message}`);
  process.exit(1);
}
