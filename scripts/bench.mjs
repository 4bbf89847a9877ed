#!/usr/bin/env node
// Runs every benchmark under bench/ in turn against the built server (npm run build first).
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const benchDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'bench');
let status = 0;
for (const file of readdirSync(benchDir)
  .filter((f) => f.endsWith('.bench.mjs'))
  .sort()) {
  console.log(`\n# ${file}`);
  const result = spawnSync(process.execPath, [join(benchDir, file)], { stdio: 'inherit' });
  status ||= result.status ?? 1;
}
process.exit(status);
