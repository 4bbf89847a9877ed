import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';

/**
 * The Electron suite: the packaged-to-be app itself (desktop/dist, built by `npm run build`)
 * against the built server on the embedded defaults. Run through desktop/scripts/run-electron-tests.mjs,
 * which first checks that an Electron binary and a display exist.
 */
const port = Number(process.env.E2E_ELECTRON_PORT ?? 18766);
const dataDir = mkdtempSync(join(tmpdir(), 'atendo-e2e-electron-'));
export const SERVER_URL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: '.',
  fullyParallel: false,
  workers: 1,
  reporter: [['list']],
  timeout: 90_000,
  expect: { timeout: 15_000 },
  use: { baseURL: SERVER_URL, trace: 'retain-on-failure' },
  webServer: {
    command: 'node ../../server/dist/main.js',
    url: `${SERVER_URL}/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: SERVER_URL,
      DATA_DIR: dataDir,
      ADMIN_EMAIL: 'super@atendo.test',
      ADMIN_PASSWORD: 'Super-secret-1',
      LOG_LEVEL: 'warn',
      DB_URL: '',
      REDIS_URL: '',
    },
  },
});
