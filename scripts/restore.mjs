#!/usr/bin/env node
// npm run restore -- <dir> [--force]: puts a backup made by `npm run backup` back into the
// database and DATA_DIR the environment configures. The server must be stopped.
import { parseArgs } from 'node:util';
import { serverConfig, serverModule } from './lib/server-dist.mjs';

const USAGE = `Usage: npm run restore -- <dir> [--force]

Restores the backup in <dir> into the installation the environment configures (DB_URL or
DATA_DIR's SQLite file, DATA_DIR's files, DATA_DIR/secrets.json). Stop the server first. Every
checksum is checked before anything is written. A database that already holds data is left alone
unless --force is given, which replaces it.`;

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { force: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
});
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
if (positionals.length !== 1) {
  console.error(`restore: name the backup's folder\n\n${USAGE}`);
  process.exit(1);
}
const config = await serverConfig('restore');
const { restore } = await serverModule('restore', 'maintenance/restore.js');
try {
  const manifest = await restore(config, positionals[0], {
    force: values.force,
    log: (line) => console.log(`  ${line}`),
  });
  console.log(`Restored the backup of ${manifest.createdAt} (version ${manifest.version}). Start the server.`);
} catch (error) {
  console.error(`restore: ${error.message}`);
  process.exit(1);
}
