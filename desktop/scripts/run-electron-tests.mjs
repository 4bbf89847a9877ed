#!/usr/bin/env node
// Runs the Electron suite (desktop/e2e-electron) where it can run: an Electron binary is installed
// and there is a display to open windows on. Elsewhere it prints why it did not run and exits 0, so
// `npm test` passes on machines installed without the binary (ELECTRON_SKIP_BINARY_DOWNLOAD, or no
// internet to fetch it).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const desktopDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const root = join(desktopDir, '..');
const require = createRequire(import.meta.url);

/**
 * The path of the Electron binary, or null, found the way the electron package finds it (path.txt,
 * or ELECTRON_OVERRIDE_DIST_PATH) but without requiring the package, whose entry starts a download
 * when the binary is missing.
 */
function electronBinary() {
  const packageDir = dirname(require.resolve('electron/package.json'));
  const pathFile = join(packageDir, 'path.txt');
  const name = existsSync(pathFile) ? readFileSync(pathFile, 'utf8').trim() : null;
  const override = process.env.ELECTRON_OVERRIDE_DIST_PATH;
  const binary = override ? join(override, name ?? 'electron') : name ? join(packageDir, 'dist', name) : null;
  return binary && existsSync(binary) ? binary : null;
}

function notRun(reason, howTo) {
  console.log(`Electron suite: not run (${reason}).`);
  console.log(`  To run it: ${howTo}`);
  process.exit(0);
}

const binary = electronBinary();
if (!binary) {
  notRun(
    'no Electron binary installed',
    'node node_modules/electron/install.js (needs internet), then npm run test:electron',
  );
}
if (process.platform === 'linux' && !process.env.DISPLAY && !process.env.WAYLAND_DISPLAY) {
  notRun('no display to open windows on', 'xvfb-run -a npm run test:electron');
}
for (const built of [join(desktopDir, 'dist', 'main', 'main.cjs'), join(root, 'server', 'dist', 'main.js')]) {
  if (!existsSync(built)) {
    console.error(`Electron suite: ${built} is missing; run npm run build first.`);
    process.exit(1);
  }
}

const result = spawnSync(
  process.execPath,
  [
    join(root, 'node_modules', '@playwright', 'test', 'cli.js'),
    'test',
    '-c',
    join(desktopDir, 'e2e-electron', 'playwright.config.ts'),
    ...process.argv.slice(2),
  ],
  // Handed to the suite so Playwright never asks the electron package for it (see electronBinary).
  { stdio: 'inherit', env: { ...process.env, ATENDO_ELECTRON_PATH: binary } },
);
process.exit(result.status ?? 1);
