#!/usr/bin/env node
// Runs the Playwright suite (desktop/e2e) in Chromium: Debian's chromium where installed, else
// Playwright's own browser. With neither it fails and says how to get one; it never skips.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(Boolean);
let executable = candidates.find((path) => existsSync(path));

if (!executable) {
  const { chromium } = await import('playwright-core');
  const own = chromium.executablePath();
  if (own && existsSync(own)) executable = own;
}

if (!executable) {
  console.error(
    [
      'No Chromium to run the browser tests in.',
      'Install one of:',
      '  - Debian/Ubuntu: sudo apt-get install -y chromium',
      "  - Playwright's own build (needs internet): npx playwright install chromium",
      'or point CHROMIUM_PATH at a Chromium or Chrome binary.',
    ].join('\n'),
  );
  process.exit(1);
}

const result = spawnSync(
  process.execPath,
  [
    join(root, 'node_modules', '@playwright', 'test', 'cli.js'),
    'test',
    '-c',
    join(root, 'desktop', 'playwright.config.ts'),
    ...process.argv.slice(2),
  ],
  { stdio: 'inherit', env: { ...process.env, CHROMIUM_PATH: executable } },
);
process.exit(result.status ?? 1);
